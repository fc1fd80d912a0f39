/**
 * Pieces the two invite pages of a group share: reading typed addresses (one a line or comma
 * separated; each checked by the contract's ZEmail before sending), and the table of what became
 * of each person (invited, already invited, already a member, not sent, with the server's message).
 */
import { Badge, Stack, Table, Text } from '@mantine/core';
import { ZEmail } from '../../../server/contracts/validation';
import { normalizeEmail } from '../../../server/contracts/validation-values';
import type { TGroupInviteResult, TGroupInviteRow } from '../../../server/contracts/social';

const RESULT_LOOK: Record<TGroupInviteResult, { label: string; color: string }> = {
  invited: { label: 'Invited', color: 'green' },
  'already-invited': { label: 'Already invited', color: 'blue' },
  'already-member': { label: 'Already a member', color: 'blue' },
  blocked: { label: 'Not sent', color: 'orange' },
  invalid: { label: 'Not sent', color: 'red' },
};

/** One row to show: who (an address or a name) and what happened. */
export interface TInviteRowView {
  key: string;
  who: string;
  result: TGroupInviteResult;
  message: string;
}

export interface TParsedAddresses {
  /** Distinct valid addresses, normalized, in the order typed. */
  valid: string[];
  /** Rows refused before sending (not an e-mail address, or typed twice). */
  refused: TInviteRowView[];
}

/** Addresses typed one a line or separated by commas (or semicolons, or spaces). */
export function parseAddresses(text: string): TParsedAddresses {
  const seen = new Set<string>();
  const valid: string[] = [];
  const refused: TInviteRowView[] = [];
  for (const raw of text.split(/[\s,;]+/)) {
    const typed = raw.trim();
    if (!typed) continue;
    const check = ZEmail.safeParse(typed);
    if (!check.success) {
      const message = check.error.issues[0]?.message ?? 'Value is not a valid email address';
      refused.push({ key: `invalid:${typed}`, who: typed, result: 'invalid', message });
      continue;
    }
    const email = normalizeEmail(check.data);
    if (seen.has(email)) continue;
    seen.add(email);
    valid.push(email);
  }
  return { valid, refused };
}

/** The server's rows, named: `nameOf(key)` gives a person's name for a user id. */
export function rowViews(rows: readonly TGroupInviteRow[], nameOf?: (key: string) => string | undefined) {
  return rows.map((row): TInviteRowView => ({
    key: row.key,
    who: nameOf?.(row.key) ?? row.key,
    result: row.result,
    message: row.message,
  }));
}

/** "2 invited, 1 already a member, 1 not sent". */
export function resultSummary(rows: readonly TInviteRowView[]): string {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const label = RESULT_LOOK[row.result].label;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].map(([label, count]) => `${count} ${label.toLowerCase()}`).join(', ');
}

export function InviteResultsTable({
  rows,
  whoLabel,
  testId,
}: {
  rows: readonly TInviteRowView[] | null;
  whoLabel: string;
  testId: string;
}) {
  if (!rows) return null;
  return (
    <Stack gap="xs" data-testid={testId}>
      <Text fw={600} role="status" data-testid={`${testId}-summary`}>
        {resultSummary(rows) || 'Nobody to invite.'}
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder verticalSpacing="xs" captionSide="top">
          <Table.Caption>What happened to each invitation</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{whoLabel}</Table.Th>
              <Table.Th scope="col">Result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const look = RESULT_LOOK[row.result];
              const message = row.message.trim().toLowerCase() === look.label.toLowerCase() ? '' : row.message;
              return (
                <Table.Tr key={row.key} data-testid="group-invite-row" data-result={row.result}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{row.who}</Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Badge variant="light" color={look.color} data-testid="group-invite-row-result">
                        {look.label}
                      </Badge>
                      {message ? (
                        <Text size="xs" data-testid="group-invite-row-message">
                          {message}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
