/**
 * Times as people say them ("just now", "5 minutes ago", "yesterday", "Nov 3") for the social
 * screens (activity, messages, notifications, home), in a <time> element carrying the exact moment.
 */
import { Text, type TextProps } from '@mantine/core';
import { fullTime, relativeTime } from './time-format';

export { fullTime, relativeTime };

export function RelativeTime({ iso, ...props }: { iso: string } & TextProps) {
  return (
    <Text component="time" dateTime={iso} title={fullTime(iso)} size="xs" c="dimmed" {...props}>
      {relativeTime(iso)}
    </Text>
  );
}
