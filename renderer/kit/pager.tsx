/** Pages of an offset-paged list, shared by the exchanges', groups' and address book's lists. */
import { Button, Group, Text } from '@mantine/core';

/** "21–40 of 45" with Previous and Next. */
export function Pager({
  offset,
  limit,
  total,
  onChange,
  label,
}: {
  offset: number;
  limit: number;
  total: number | null;
  onChange: (offset: number) => void;
  label: string;
}) {
  if (total === null || total <= limit) return null;
  const last = Math.min(offset + limit, total);
  return (
    <nav aria-label={label}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid="pager-range">
          {`${offset + 1}–${last} of ${total}`}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={offset === 0}
            onClick={() => onChange(Math.max(0, offset - limit))}
            data-testid="pager-previous"
          >
            Previous
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={last >= total}
            onClick={() => onChange(offset + limit)}
            data-testid="pager-next"
          >
            Next
          </Button>
        </Group>
      </Group>
    </nav>
  );
}
