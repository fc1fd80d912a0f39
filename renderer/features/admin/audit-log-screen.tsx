/**
 * /admin/auditlog/ (v2.admin.auditLog): support sessions (start, stop, every write), merges,
 * message reads and the other staff actions, newest first. Filters live in the address (?kind=,
 * ?actor=, ?subject=, ?from=, ?to=) so a filtered view can be shared. Analysts and admins see their
 * own actions; leads see every staff member's and may filter by one. The member and staff filters
 * take a name, an e-mail address, a username or an id (as Find a user does). Each row says what
 * happened in words, with the action's code under it.
 */
import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ADMIN_QUERY_MAX, AUDIT_KIND_NAMES, AUDIT_KINDS, type TAuditKind } from '../../../server/contracts/admin';
import { isUuid } from '../../../server/contracts/validation-values';
import { DateField } from '../../kit/date-field';
import { EmptyState, ErrorState, ListSkeleton } from '../../kit/states';
import { SelectField } from '../../kit/select-field';
import { trpc } from '../../trpc';
import { AdminPage, useStaff } from './admin-page';
import { staffTime } from './admin-parts';

const PAGE = 50;

/** A person filter as typed: an id filters by that account, anything else searches by name or e-mail. */
function personFilter(who: 'actor' | 'subject', value: string): Record<string, string> {
  const text = value.trim();
  if (!text) return {};
  if (isUuid(text)) return { [who === 'actor' ? 'actorUserId' : 'subjectUserId']: text.toLowerCase() };
  return { [who]: text.slice(0, ADMIN_QUERY_MAX) };
}

interface TFilters {
  kind: string;
  actor: string;
  subject: string;
  from: string;
  to: string;
}

function filtersFrom(search: URLSearchParams): TFilters {
  return {
    kind: search.get('kind') ?? '',
    actor: search.get('actor') ?? '',
    subject: search.get('subject') ?? '',
    from: search.get('from') ?? '',
    to: search.get('to') ?? '',
  };
}

function DayField({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <DateField
      label={label}
      value={value || null}
      onChange={(next) => onChange(typeof next === 'string' ? next : '')}
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      w={180}
      data-testid={testId}
    />
  );
}

export default function AuditLogScreen() {
  const [search, setSearch] = useSearchParams();
  const applied = filtersFrom(search);
  const [draft, setDraft] = useState<TFilters>(applied);
  const staff = useStaff();
  const kind = (AUDIT_KIND_NAMES as string[]).includes(applied.kind) ? (applied.kind as TAuditKind) : undefined;
  const log = trpc.admin.auditLog.useInfiniteQuery(
    {
      limit: PAGE,
      ...(kind ? { kind } : {}),
      ...personFilter('actor', applied.actor),
      ...personFilter('subject', applied.subject),
      ...(applied.from ? { from: applied.from } : {}),
      ...(applied.to ? { to: applied.to } : {}),
    },
    { getNextPageParam: (last) => last.nextCursor ?? undefined, retry: false },
  );
  const rows = log.data?.pages.flatMap((page) => page.items) ?? [];
  const scope = log.data?.pages[0]?.scope;

  function apply(event: React.FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const next: Record<string, string> = {};
    for (const [key, value] of Object.entries(draft)) if (value.trim()) next[key] = value.trim();
    setSearch(next);
  }

  return (
    <AdminPage
      title="Audit log"
      description={
        scope === 'all'
          ? 'Every staff member’s actions (you are a support lead).'
          : 'Your own actions. Support leads see everyone’s.'
      }
      testId="admin-audit"
    >
      <form noValidate onSubmit={apply} aria-label="Filters" data-testid="audit-filters">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <SelectField
            label="Kind"
            value={draft.kind}
            options={[
              { value: '', label: 'Everything' },
              ...AUDIT_KIND_NAMES.map((name) => ({ value: name, label: AUDIT_KINDS[name].label })),
            ]}
            onChange={(value) => setDraft({ ...draft, kind: value })}
            data-testid="audit-kind"
          />
          {staff.data?.canSeeAllAudit ? (
            <TextInput
              label="Staff member"
              description="Name, e-mail or id"
              value={draft.actor}
              onChange={(event) => setDraft({ ...draft, actor: event.currentTarget.value })}
              data-testid="audit-actor"
            />
          ) : null}
          <TextInput
            label="Member"
            description="Name, e-mail or id"
            value={draft.subject}
            onChange={(event) => setDraft({ ...draft, subject: event.currentTarget.value })}
            data-testid="audit-subject"
          />
          <DayField
            label="From"
            value={draft.from}
            onChange={(from) => setDraft({ ...draft, from })}
            testId="audit-from"
          />
          <DayField label="To" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} testId="audit-to" />
          <Button type="submit" data-testid="audit-apply">
            Filter
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setDraft({ kind: '', actor: '', subject: '', from: '', to: '' });
              setSearch({});
            }}
          >
            Clear
          </Button>
        </Group>
      </form>
      {log.isError ? (
        <ErrorState error={log.error} onRetry={() => void log.refetch()} retrying={log.isFetching} />
      ) : log.isPending ? (
        <ListSkeleton rows={5} />
      ) : rows.length === 0 ? (
        <EmptyState
          title="Nothing in the audit log"
          description="No audited action matches these filters. Clear them, or widen the days."
        />
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={800}>
            <Table striped data-testid="audit-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>Staff or member acting</Table.Th>
                  <Table.Th>About</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.auditId} data-testid="audit-row" data-action={row.action}>
                    <Table.Td>{staffTime(row.createdAt)}</Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        {row.kind ? (
                          <Badge variant="light" w="fit-content">
                            {AUDIT_KINDS[row.kind].label}
                          </Badge>
                        ) : null}
                        <Text size="sm" data-testid="audit-summary">
                          {row.summary}
                        </Text>
                        <Text size="xs" c="dimmed" data-testid="audit-code">
                          Code: <code>{row.action}</code>
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>{row.actor?.displayName ?? '—'}</Table.Td>
                    <Table.Td>{row.subject?.displayName ?? '—'}</Table.Td>
                    <Table.Td>{row.reason ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {log.hasNextPage ? (
            <Group>
              <Button
                variant="default"
                loading={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
                data-testid="audit-more"
              >
                Older entries
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </AdminPage>
  );
}
