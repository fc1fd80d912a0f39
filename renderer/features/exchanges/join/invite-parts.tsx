/**
 * Pieces the invite tabs share: the personal message, the per-row table (a paste's preview and the
 * server's answer, good and bad rows side by side), sending by e-mail with its toast and cache
 * refresh, and a checkbox list of people found in an address book or a contacts file.
 */
import { Badge, Button, Card, Checkbox, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ZInviteEmail, type TInviteResult } from '../../../../server/contracts/exchanges';
import { INVITES_PER_REQUEST_MAX } from '../../../../server/contracts/exchange-values';
import { trpc } from '../../../trpc';
import { useExchangeToast } from '../manage/exchange-parts';
import { countOf } from '../../../kit/format';

export type TInviteStatus = TInviteResult['status'];

/** One row of a table of people to invite: what was read, and what became of it. */
export interface TInviteRowView {
  row: number;
  name: string | null;
  email: string;
  label: string;
  color: string;
  message: string;
}

const RESULT_LOOK: Record<TInviteStatus, { label: string; color: string }> = {
  invited: { label: 'Invited', color: 'green' },
  'already-invited': { label: 'Already invited', color: 'blue' },
  'already-joined': { label: 'Already in', color: 'blue' },
  duplicate: { label: 'Duplicate', color: 'yellow' },
  invalid: { label: 'Not sent', color: 'red' },
};

export function resultRows(results: readonly TInviteResult[]): TInviteRowView[] {
  return results.map((result) => {
    const look = RESULT_LOOK[result.status];
    // The server's message adds nothing when it only repeats the badge ("Invited").
    const message = result.message.trim().toLowerCase() === look.label.toLowerCase() ? '' : result.message;
    return { ...result, ...look, message };
  });
}

/** "2 invited, 1 already invited, 1 not sent". */
export function resultSummary(results: readonly TInviteResult[]): string {
  const counts = new Map<string, number>();
  for (const result of results) {
    const label = RESULT_LOOK[result.status].label;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].map(([label, count]) => `${count} ${label.toLowerCase()}`).join(', ');
}

/** The check of one typed address before sending: null when it looks right, else the spec's message. */
export function emailProblem(email: string): string | null {
  const check = ZInviteEmail.safeParse(email);
  return check.success ? null : (check.error.issues[0]?.message ?? 'Value is not a valid email address');
}

export function InviteRowsTable({
  caption,
  rows,
  testId,
}: {
  caption: string;
  rows: readonly TInviteRowView[];
  testId: string;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder verticalSpacing="xs" data-testid={testId} captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Line</Table.Th>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">E-mail</Table.Th>
            <Table.Th scope="col">Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.row}-${row.email}`} data-testid="invite-row" data-status={row.label}>
              <Table.Td>{row.row}</Table.Td>
              <Table.Td>{row.name ?? '—'}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{row.email || '—'}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Badge variant="light" color={row.color} data-testid="invite-row-status">
                    {row.label}
                  </Badge>
                  {row.message ? (
                    <Text size="xs" data-testid="invite-row-message">
                      {row.message}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The server's answer to a sending: a one-line summary and the table. */
export function InviteResults({ results }: { results: readonly TInviteResult[] | null }) {
  if (!results) return null;
  return (
    <Stack gap="xs" data-testid="invite-results">
      <Text fw={600} role="status" data-testid="invite-results-summary">
        {resultSummary(results) || 'Nobody to invite.'}
      </Text>
      <InviteRowsTable
        caption="What happened to each person"
        rows={resultRows(results)}
        testId="invite-results-table"
      />
    </Stack>
  );
}

export function PersonalMessageField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Textarea
      label="A personal message (optional)"
      description="It goes in every invitation of this sending."
      autosize
      minRows={2}
      maxLength={1000}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data-testid="invite-message"
    />
  );
}

/**
 * Sending invitations: the call (by e-mail, as a pasted text, or to members), then the toast, the
 * refreshed people lists and the results kept for the table.
 */
export function useInviteSending(exchangeId: string) {
  const utils = trpc.useUtils();
  const toast = useExchangeToast();
  const [results, setResults] = useState<TInviteResult[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function run(
    call: () => Promise<{ invited: number; results: TInviteResult[] }[]>,
  ): Promise<TInviteResult[] | null> {
    setBusy(true);
    setError(null);
    try {
      const answers = await call();
      const all = answers.flatMap((answer) => answer.results);
      const invited = answers.reduce((sum, answer) => sum + answer.invited, 0);
      setResults(all);
      if (invited > 0) toast.success(`${countOf(invited, 'invitation', 'invitations')} sent`);
      void utils.exchanges.participants.invalidate({ exchangeId });
      void utils.exchanges.get.invalidate({ exchangeId });
      return all;
    } catch (failure) {
      setError(failure);
      toast.failed('The invitations were not sent', failure);
      return null;
    } finally {
      setBusy(false);
    }
  }

  return { results, busy, error, run, clear: () => setResults(null) };
}

/** The e-mail call of the tabs that send name and address pairs. */
export function useInviteByEmail(exchangeId: string) {
  const sending = useInviteSending(exchangeId);
  const byEmail = trpc.exchanges.inviteByEmail.useMutation();
  return {
    ...sending,
    send: (invitees: { name: string | null; email: string }[], message: string) =>
      sending.run(async () => [await byEmail.mutateAsync({ exchangeId, invitees, message })]),
  };
}

export interface TPickablePerson {
  key: string;
  name: string;
  /** Null for a member whose address stays private (invited by account). */
  email: string | null;
  detail?: string;
}

/** People to tick (select all or none), at most INVITES_PER_REQUEST_MAX at once. */
export function PeoplePicker({
  label,
  people,
  selected,
  onChange,
  testId,
}: {
  label: string;
  people: readonly TPickablePerson[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  testId: string;
}) {
  const all = people.slice(0, INVITES_PER_REQUEST_MAX).map((person) => person.key);
  return (
    <Stack gap="sm" data-testid={testId}>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="people-picker-count">
          {selected.size} of {countOf(people.length, 'person', 'people')} chosen
          {people.length > INVITES_PER_REQUEST_MAX ? ` (at most ${INVITES_PER_REQUEST_MAX} at once)` : ''}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => onChange(new Set(all))} data-testid="people-picker-all">
            Choose all
          </Button>
          <Button size="xs" variant="default" onClick={() => onChange(new Set())} disabled={selected.size === 0}>
            Choose none
          </Button>
        </Group>
      </Group>
      <Checkbox.Group label={label} value={[...selected]} onChange={(value) => onChange(new Set(value))}>
        <Stack gap="xs" mt="xs">
          {people.map((person) => (
            <Checkbox
              key={person.key}
              value={person.key}
              label={person.name}
              description={person.detail ?? person.email ?? undefined}
              disabled={!selected.has(person.key) && selected.size >= INVITES_PER_REQUEST_MAX}
              data-testid="people-picker-person"
            />
          ))}
        </Stack>
      </Checkbox.Group>
    </Stack>
  );
}

/**
 * The form of the tabs that list people to tick (address book, contacts): the list, whatever goes
 * under it (a pager), the personal message and the send button. Test ids: `${testId}-form`,
 * `${testId}-people`, `${testId}-send`.
 */
export function PickAndInviteForm({
  label,
  people,
  selected,
  onSelect,
  message,
  onMessage,
  busy,
  onSend,
  testId,
  children,
}: {
  label: string;
  people: readonly TPickablePerson[];
  selected: ReadonlySet<string>;
  onSelect: (next: Set<string>) => void;
  message: string;
  onMessage: (value: string) => void;
  busy: boolean;
  onSend: () => void;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSend();
        }}
        data-testid={`${testId}-form`}
      >
        <Stack gap="md">
          <PeoplePicker
            label={label}
            people={people}
            selected={selected}
            onChange={onSelect}
            testId={`${testId}-people`}
          />
          {children}
          <PersonalMessageField value={message} onChange={onMessage} />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={selected.size === 0} data-testid={`${testId}-send`}>
              Invite the people chosen
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
