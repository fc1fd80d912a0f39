/**
 * Pieces the admin screens share: a member's line (name, e-mail, badges), the member picker (search
 * by e-mail, name, username or id, then choose), the reason field every audited action asks for,
 * and dates as staff read them (exact, with the time).
 */
import { Badge, Button, Card, Group, Stack, Text, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import type { TAdminPerson, TAdminUser } from '../../../server/contracts/admin';
import { ZAdminSearch } from '../../../server/contracts/admin';
import { SearchIcon } from '../../app/icons';
import { FormFailure } from '../../kit/form-parts';
import { useSchemaForm, type TSchemaForm } from '../../kit/forms';
import { QueryView, type TQueryLike } from '../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';

const LOCALE = 'en-US';

/** "Nov 3, 2026, 4:05 PM": staff need the exact moment, not "yesterday". */
export function staffTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const at = new Date(iso);
  return Number.isFinite(at.getTime()) ? at.toLocaleString(LOCALE, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
}

export function staffDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const at = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isFinite(at.getTime()) ? at.toLocaleDateString(LOCALE, { dateStyle: 'medium', timeZone: 'UTC' }) : '—';
}

/** A person as staff see them: the name (linking to their support page) and the e-mail. */
export function PersonText({ person, link = true }: { person: TAdminPerson; link?: boolean }) {
  return (
    <Stack gap={0}>
      {link ? (
        <Text
          component={Link}
          to={href('v2.admin.user', { userId: person.userId })}
          fw={600}
          size="sm"
          td="underline"
          c="inherit"
        >
          {person.displayName}
        </Text>
      ) : (
        <Text fw={600} size="sm">
          {person.displayName}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {person.email ?? 'no e-mail'}
      </Text>
    </Stack>
  );
}

export function UserBadges({ user }: { user: TAdminUser }) {
  return (
    <Group gap={6}>
      {user.deletedAt ? (
        <Badge color="gray" variant="light">
          Closed
        </Badge>
      ) : null}
      {user.isStaff ? (
        <Badge color="blue" variant="light">
          Staff
        </Badge>
      ) : null}
      {!user.isRegistered ? (
        <Badge color="yellow" variant="light">
          Floater
        </Badge>
      ) : null}
    </Group>
  );
}

/** One member in a card: name, e-mail, username, badges, and what can be done with them. */
export function UserCard({ user, actions, testId }: { user: TAdminUser; actions?: ReactNode; testId: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId} data-user-id={user.userId}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <PersonText person={user} />
            <UserBadges user={user} />
          </Group>
          <Text size="xs" c="dimmed">
            {user.username ? `@${user.username} · ` : ''}
            {`joined ${staffDate(user.createdAt)} · ${user.userId}`}
          </Text>
        </Stack>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
    </Card>
  );
}

/** The search form of the admin tools: one field, the contract's own rules and messages. */
export function useSearchForm(initial: string, onSearch: (query: string) => void): TSchemaForm<{ query: string }> {
  return useSchemaForm(ZAdminSearch, { query: initial }, async (values) => {
    onSearch(values.query.trim());
  });
}

export function SearchForm({
  form,
  label,
  placeholder,
  testId,
}: {
  form: TSchemaForm<{ query: string }>;
  label: string;
  placeholder: string;
  testId: string;
}) {
  return (
    <form noValidate onSubmit={form.onSubmit} role="search" aria-label={label} data-testid={testId}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label={label}
          placeholder={placeholder}
          style={{ flex: 1 }}
          {...form.field('query')}
          data-testid={`${testId}-query`}
        />
        <Button type="submit" mt={25} leftSection={<SearchIcon size={16} />} data-testid={`${testId}-submit`}>
          Search
        </Button>
      </Group>
      <FormFailure message={form.failure} testId={`${testId}-failure`} />
    </form>
  );
}

/** A finder screen's search, kept in the address (?q=) so it can be shared and the back button returns to it. */
export function useAddressSearch(): { query: string; form: TSchemaForm<{ query: string }> } {
  const [search, setSearch] = useSearchParams();
  const query = search.get('q')?.trim() ?? '';
  const form = useSearchForm(query, (value) => setSearch({ q: value }));
  return { query, form };
}

/**
 * What a search found: a hint before the first search, the skeleton while it runs, "nothing
 * matches" with what to try instead, else the results.
 */
export function SearchResults<T>({
  query,
  results,
  icon,
  what,
  hint,
  tryInstead,
  children,
}: {
  query: string;
  results: TQueryLike<T[]>;
  icon: ReactNode;
  /** "a member", "an exchange" */
  what: string;
  /** What to type, before the first search. */
  hint: string;
  /** What to try when nothing matches. */
  tryInstead: string;
  children: (found: T[]) => ReactNode;
}) {
  if (query === '') return <EmptyState icon={icon} title={`Search for ${what}`} description={hint} />;
  return (
    <QueryView
      query={results}
      skeleton={<ListSkeleton rows={3} />}
      isEmpty={(found) => found.length === 0}
      empty={<EmptyState icon={icon} title={`Nothing matches “${query}”`} description={tryInstead} />}
    >
      {children}
    </QueryView>
  );
}

/** One thing a search found (an exchange, a group): its name, badges, facts and a way to open it. */
export function FoundCard({
  title,
  badges,
  facts,
  to,
  testId,
}: {
  title: string;
  badges?: ReactNode;
  facts: string;
  to: string;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{title}</Text>
            {badges}
          </Group>
          <Text size="xs" c="dimmed">
            {facts}
          </Text>
        </Stack>
        <Button size="xs" variant="default" component={Link} to={to}>
          Open<VisuallyHidden> {title}</VisuallyHidden>
        </Button>
      </Group>
    </Card>
  );
}

/**
 * Choosing one member: search, then "Choose" on a result; the chosen member shows with a way to
 * change it. `exclude` hides members already chosen elsewhere on the screen.
 */
export function UserPicker({
  label,
  chosen,
  onChoose,
  exclude = [],
  testId,
}: {
  label: string;
  chosen: TAdminUser | null;
  onChoose: (user: TAdminUser | null) => void;
  exclude?: string[];
  testId: string;
}) {
  const [query, setQuery] = useState('');
  const form = useSearchForm('', setQuery);
  const results = trpc.admin.findUsers.useQuery({ query }, { enabled: query !== '', retry: false });
  if (chosen)
    return (
      <Stack gap={4} data-testid={testId}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <UserCard
          user={chosen}
          testId={`${testId}-chosen`}
          actions={
            <Button size="xs" variant="default" onClick={() => onChoose(null)} data-testid={`${testId}-change`}>
              Change<VisuallyHidden> {label.toLowerCase()}</VisuallyHidden>
            </Button>
          }
        />
      </Stack>
    );
  return (
    <Stack gap="sm" data-testid={testId}>
      <SearchForm form={form} label={label} placeholder="E-mail, name, username or id" testId={`${testId}-search`} />
      {query ? (
        <QueryView
          query={results}
          skeleton={<ListSkeleton rows={2} />}
          isEmpty={(users) => users.filter((user) => !exclude.includes(user.userId)).length === 0}
          empty={<EmptyState title="Nobody found" description="Try the e-mail address or the member id." />}
        >
          {(users) => (
            <Stack gap="xs">
              {users
                .filter((user) => !exclude.includes(user.userId))
                .map((user) => (
                  <UserCard
                    key={user.userId}
                    user={user}
                    testId={`${testId}-result`}
                    actions={
                      <Button
                        size="xs"
                        variant="light"
                        disabled={Boolean(user.deletedAt)}
                        onClick={() => onChoose(user)}
                        data-testid={`${testId}-choose`}
                      >
                        Choose<VisuallyHidden> {user.displayName}</VisuallyHidden>
                      </Button>
                    }
                  />
                ))}
            </Stack>
          )}
        </QueryView>
      ) : null}
    </Stack>
  );
}

/** The reason an audited action asks for (a ticket, an abuse report): pass `form.field('reason')`. */
export function ReasonField({
  field,
  testId,
}: {
  field: ReturnType<TSchemaForm<{ reason: string }>['field']>;
  testId: string;
}) {
  return (
    <Textarea
      label="Reason"
      description="Why you are doing this (the ticket or report). It is kept in the audit log."
      placeholder="Ticket #1234: …"
      autosize
      minRows={2}
      {...field}
      data-testid={testId}
    />
  );
}

/** Label and value pairs, as a description list. */
export function Facts({ items, testId }: { items: [string, ReactNode][]; testId: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px', margin: 0 }}>
        {items.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {value}
            </Text>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/**
 * Whether a failed call was a 403: the shell already shows "Forbidden, please contact support" for
 * those (docs/screens.md), so screens add no toast of their own.
 */
export function isForbidden(error: unknown): boolean {
  return (error as { data?: { httpStatus?: number } | null } | null)?.data?.httpStatus === 403;
}

/** The message of a failed call, for a toast. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
