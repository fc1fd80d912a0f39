/**
 * A message body as plain text: line breaks kept, web addresses as links that leave through the
 * link redirector (outboundHref) in a new tab. Never rendered as HTML.
 */
import { Anchor, Text, type TextProps } from '@mantine/core';
import { useMemo } from 'react';
import { outboundHref } from '../shop/link-parts';
import { linkify } from './linkify';

export function MessageText({ body, ...props }: { body: string } & TextProps) {
  const parts = useMemo(() => linkify(body), [body]);
  return (
    <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} {...props}>
      {parts.map((part, index) =>
        part.kind === 'link' ? (
          <Anchor
            key={index}
            href={outboundHref(part.url)}
            target="_blank"
            rel="noopener noreferrer nofollow"
            inherit
            underline="always"
          >
            {part.text}
          </Anchor>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
