/**
 * A card's photo, or the friendly placeholder (a gift on a soft red-to-green wash) when there is no
 * photo or it fails to load: a broken image never shows its alt text in a blank box. Used by the
 * gift-guide and product cards, and by the smaller product and wish pictures.
 */
import { Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { GiftIcon } from '../app/icons';

export interface TCardPhotoProps {
  src: string | null | undefined;
  /** The photo's text alternative; the placeholder itself is decorative (the card names the thing). */
  alt: string;
  h: number;
  w?: number;
  radius?: 'xs' | 'sm' | 'md';
  fit?: 'cover' | 'contain';
  /** Lazy by default: most cards are below the fold. */
  loading?: 'lazy' | 'eager';
  testId?: string;
}

export function CardPhoto({ src, alt, h, w, radius, fit = 'cover', loading = 'lazy', testId }: TCardPhotoProps) {
  // Remembers which address failed, so a new address (another product in the same card) is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <Image
        src={src}
        alt={alt}
        h={h}
        w={w}
        radius={radius}
        fit={fit}
        loading={loading}
        onError={() => setFailed(src)}
        data-testid={testId}
      />
    );
  }
  return (
    <Stack
      h={h}
      w={w}
      align="center"
      justify="center"
      bg="linear-gradient(135deg, var(--mantine-color-red-1), var(--mantine-color-green-1))"
      style={radius ? { borderRadius: `var(--mantine-radius-${radius})`, flexShrink: 0 } : { flexShrink: 0 }}
      aria-hidden
      data-testid={testId ? `${testId}-placeholder` : undefined}
    >
      <Text component="span" c="red.6" lh={0}>
        <GiftIcon size={Math.max(20, Math.min(48, Math.round(h * 0.3)))} strokeWidth={1.6} />
      </Text>
    </Stack>
  );
}
