/**
 * /admin/viewexchangedetails/:exchangeId/[events|questions|restrictions|countries|notes]/: one
 * exchange as support sees it (never who drew whom). The overview lists its people and settings;
 * the tabs show its events, ice-breaker questions with flagged answers first, draw restrictions and
 * households, where its people ship to, and staff notes (admins and leads add them).
 */
import { Badge, Button, Card, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { ZStaffNoteInput } from '../../../server/contracts/admin';
import type { TAdminExchange } from '../../../server/contracts/admin';
import { useCurrentRouteHandle } from '../../app/route-handle';
import { FormFailure } from '../../kit/form-parts';
import { useSchemaForm } from '../../kit/forms';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href, type TRouteName } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { TabLinks } from '../../kit/tab-links';
import { AdminPage, useStaff } from './admin-page';
import { Facts, PersonText, staffDate, staffTime } from './admin-parts';

type TExchangeTab = Extract<
  TRouteName,
  | 'v2.admin.viewExchangeDetails.exchange'
  | 'v2.admin.viewExchangeDetails.events'
  | 'v2.admin.viewExchangeDetails.questions'
  | 'v2.admin.viewExchangeDetails.restrictions'
  | 'v2.admin.viewExchangeDetails.countries'
  | 'v2.admin.viewExchangeDetails.notes'
>;

const TABS: readonly { route: TExchangeTab; label: string; testId: string }[] = [
  { route: 'v2.admin.viewExchangeDetails.exchange', label: 'Overview', testId: 'exchange-tab-overview' },
  { route: 'v2.admin.viewExchangeDetails.events', label: 'Events', testId: 'exchange-tab-events' },
  { route: 'v2.admin.viewExchangeDetails.questions', label: 'Questions', testId: 'exchange-tab-questions' },
  { route: 'v2.admin.viewExchangeDetails.restrictions', label: 'Restrictions', testId: 'exchange-tab-restrictions' },
  { route: 'v2.admin.viewExchangeDetails.countries', label: 'Countries', testId: 'exchange-tab-countries' },
  { route: 'v2.admin.viewExchangeDetails.notes', label: 'Notes', testId: 'exchange-tab-notes' },
];

function Overview({ exchange }: { exchange: TAdminExchange }) {
  return (
    <Stack gap="lg" data-testid="exchange-overview">
      <Facts
        testId="exchange-facts"
        items={[
          ['Status', exchange.status],
          ['Organizer', <PersonText key="organizer" person={exchange.organizer} />],
          ['Exchange date', staffDate(exchange.exchangeDate)],
          ['Sign-up until', staffDate(exchange.signUpDate)],
          ['Drawn', exchange.drawnAt ? `${staffTime(exchange.drawnAt)} (${exchange.pairCount} pairs)` : 'Not yet'],
          ['Budget', `${exchange.budget.amount} ${exchange.budget.currency}`],
          ['Delivery', exchange.deliveryType],
          ['Flagged answers', String(exchange.flaggedAnswers)],
          ['Staff notes', String(exchange.noteCount)],
          ['Exchange id', exchange.exchangeId],
        ]}
      />
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={href('v2.admin.replaceExchangePerson', null, { exchangeId: exchange.exchangeId })}
        >
          Replace a person
        </Button>
      </Group>
      <Title order={2} fz="lg">
        People ({exchange.participantCount})
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="exchange-participants">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Person</Table.Th>
              <Table.Th>Answer</Table.Th>
              <Table.Th>In the draw</Table.Th>
              <Table.Th>Notes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {exchange.participants.map((seat) => (
              <Table.Tr key={seat.person.userId}>
                <Table.Td>
                  <PersonText person={seat.person} />
                </Table.Td>
                <Table.Td>{seat.status}</Table.Td>
                <Table.Td>{seat.inDraw ? 'Yes' : 'No'}</Table.Td>
                <Table.Td>
                  {[seat.isAssistant ? 'assistant' : '', seat.isDisqualified ? 'disqualified' : '']
                    .filter(Boolean)
                    .join(', ') || '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function Events({ exchangeId }: { exchangeId: string }) {
  const events = trpc.admin.exchangeEvents.useQuery({ exchangeId }, { retry: false });
  return (
    <QueryView
      query={events}
      skeleton={<ListSkeleton rows={4} />}
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState
          title="No events yet"
          description="Changes to the exchange (invitations, answers, the draw) show here."
        />
      }
    >
      {(list) => (
        <Table striped data-testid="exchange-events">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Details</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((event) => (
              <Table.Tr key={event.eventId}>
                <Table.Td>{staffTime(event.createdAt)}</Table.Td>
                <Table.Td>{event.actor?.displayName ?? 'The system'}</Table.Td>
                <Table.Td>{event.kind}</Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                    {event.details ? JSON.stringify(event.details) : '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryView>
  );
}

function Questions({ exchangeId }: { exchangeId: string }) {
  const questions = trpc.admin.exchangeQuestions.useQuery({ exchangeId }, { retry: false });
  return (
    <QueryView
      query={questions}
      skeleton={<ListSkeleton rows={3} />}
      isEmpty={(list) => list.length === 0}
      empty={<EmptyState title="No ice-breaker questions" description="The organizer has not asked any." />}
    >
      {(list) => (
        <Stack gap="md" data-testid="exchange-questions">
          {list.map((question) => (
            <Card key={question.questionId} withBorder radius="md" padding="md">
              <Title order={2} fz="md" mb="xs">
                {question.text}
              </Title>
              {question.answers.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nobody answered yet.
                </Text>
              ) : (
                <Stack gap="xs">
                  {question.answers.map((answer) => (
                    <Group
                      key={answer.answerId}
                      justify="space-between"
                      align="flex-start"
                      wrap="nowrap"
                      data-testid="exchange-answer"
                      data-flagged={answer.flag !== null}
                    >
                      <Stack gap={2}>
                        <Text size="sm">
                          <strong>{answer.person.displayName}:</strong> {answer.answer}
                        </Text>
                        {answer.flag ? (
                          <Text size="xs" c="red.8">
                            {`Flagged ${staffTime(answer.flag.flaggedAt)} by ${answer.flag.flaggedBy?.displayName ?? 'someone'}: ${answer.flag.reason ?? 'no reason given'}`}
                          </Text>
                        ) : null}
                      </Stack>
                      {answer.flag ? (
                        <Badge color="red" variant="light">
                          Flagged
                        </Badge>
                      ) : null}
                    </Group>
                  ))}
                </Stack>
              )}
            </Card>
          ))}
        </Stack>
      )}
    </QueryView>
  );
}

function Restrictions({ exchangeId }: { exchangeId: string }) {
  const restrictions = trpc.admin.exchangeRestrictions.useQuery({ exchangeId }, { retry: false });
  return (
    <QueryView
      query={restrictions}
      skeleton={<ListSkeleton rows={3} />}
      isEmpty={(data) => data.pairs.length === 0 && data.households.length === 0}
      empty={<EmptyState title="No restrictions" description="Anyone may draw anyone (but themselves)." />}
    >
      {(data) => (
        <Stack gap="md" data-testid="exchange-restrictions">
          <Title order={2} fz="lg">
            Who may not draw whom
          </Title>
          {data.pairs.length === 0 ? (
            <Text size="sm" c="dimmed">
              None.
            </Text>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Giver</Table.Th>
                  <Table.Th>May not draw</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.pairs.map((pair) => (
                  <Table.Tr key={`${pair.giver.userId}:${pair.receiver.userId}`}>
                    <Table.Td>{pair.giver.displayName}</Table.Td>
                    <Table.Td>{pair.receiver.displayName}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Title order={2} fz="lg">
            Households (never draw each other)
          </Title>
          {data.households.length === 0 ? (
            <Text size="sm" c="dimmed">
              None.
            </Text>
          ) : (
            data.households.map((household) => (
              <Text key={household.name} size="sm">
                <strong>{household.name}:</strong> {household.members.map((person) => person.displayName).join(', ')}
              </Text>
            ))
          )}
        </Stack>
      )}
    </QueryView>
  );
}

function Countries({ exchangeId }: { exchangeId: string }) {
  const countries = trpc.admin.exchangeCountries.useQuery({ exchangeId }, { retry: false });
  return (
    <QueryView
      query={countries}
      skeleton={<ListSkeleton rows={3} />}
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState title="Nobody to ship to" description="Everyone declined, or nobody is in the exchange yet." />
      }
    >
      {(list) => (
        <Table striped data-testid="exchange-countries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Country</Table.Th>
              <Table.Th>People</Table.Th>
              <Table.Th>Ship abroad</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((country) => (
              <Table.Tr key={country.country ?? 'none'}>
                <Table.Td>{country.country ?? 'No mailing address'}</Table.Td>
                <Table.Td>{country.people.map((person) => person.displayName).join(', ')}</Table.Td>
                <Table.Td>{country.people.filter((person) => person.willShipInternationally).length}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryView>
  );
}

function NoteForm({ exchangeId, onAdded }: { exchangeId: string; onAdded: () => Promise<void> }) {
  const add = trpc.admin.addExchangeNote.useMutation();
  const form = useSchemaForm(ZStaffNoteInput, { exchangeId, body: '' }, async (values) => {
    await add.mutateAsync({ exchangeId, body: values.body });
    await onAdded();
  });
  return (
    <form noValidate onSubmit={form.onSubmit} data-testid="exchange-note-form">
      <Stack gap="xs">
        <FormFailure message={form.failure} testId="exchange-note-failure" />
        <Textarea
          label="New note"
          description="Only support staff see these notes."
          autosize
          minRows={2}
          {...form.field('body')}
          data-testid="exchange-note-body"
        />
        <Group>
          <Button type="submit" loading={form.busy} data-testid="exchange-note-add">
            Add the note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Notes({ exchangeId }: { exchangeId: string }) {
  const staff = useStaff();
  const toast = useToast();
  const utils = trpc.useUtils();
  const notes = trpc.admin.exchangeNotes.useQuery({ exchangeId }, { retry: false });
  // A new form (empty again) after each note.
  const [formKey, setFormKey] = useState(0);
  async function onAdded(): Promise<void> {
    toast.success('Note added');
    setFormKey((key) => key + 1);
    await Promise.all([
      utils.admin.exchangeNotes.invalidate({ exchangeId }),
      utils.admin.exchange.invalidate({ exchangeId }),
    ]);
  }
  return (
    <Stack gap="md">
      {staff.data?.canAct ? <NoteForm key={formKey} exchangeId={exchangeId} onAdded={onAdded} /> : null}
      <QueryView
        query={notes}
        skeleton={<ListSkeleton rows={2} />}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState title="No staff notes" description="Notes from support about this exchange show here." />}
      >
        {(list) => (
          <Stack gap="sm" data-testid="exchange-notes">
            {list.map((note) => (
              <Card key={note.noteId} withBorder radius="md" padding="sm" data-testid="exchange-note">
                <Text size="xs" c="dimmed">{`${note.author.displayName} · ${staffTime(note.createdAt)}`}</Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {note.body}
                </Text>
              </Card>
            ))}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

export default function ExchangeDetailsScreen() {
  const { exchangeId = '' } = useParams();
  const { routeName } = useCurrentRouteHandle();
  const { pathname } = useLocation();
  const exchange = trpc.admin.exchange.useQuery({ exchangeId }, { retry: false });
  const tab = TABS.find((entry) => entry.route === routeName) ?? TABS[0]!;
  const tabs = TABS.map((entry) => {
    const to = href(entry.route, { exchangeId });
    return { label: entry.label, to, active: to === pathname, testId: entry.testId };
  });
  let content: ReactNode;
  if (tab.route === 'v2.admin.viewExchangeDetails.events') content = <Events exchangeId={exchangeId} />;
  else if (tab.route === 'v2.admin.viewExchangeDetails.questions') content = <Questions exchangeId={exchangeId} />;
  else if (tab.route === 'v2.admin.viewExchangeDetails.restrictions')
    content = <Restrictions exchangeId={exchangeId} />;
  else if (tab.route === 'v2.admin.viewExchangeDetails.countries') content = <Countries exchangeId={exchangeId} />;
  else if (tab.route === 'v2.admin.viewExchangeDetails.notes') content = <Notes exchangeId={exchangeId} />;
  else
    content = (
      <QueryView query={exchange} skeleton={<ListSkeleton rows={4} />}>
        {(data) => <Overview exchange={data} />}
      </QueryView>
    );
  const title = exchange.data?.title ?? 'Exchange';
  return (
    <AdminPage
      title={tab.route === 'v2.admin.viewExchangeDetails.exchange' ? title : `${title}: ${tab.label}`}
      trail={[{ label: 'Exchange details', to: href('v2.admin.viewExchangeDetails') }]}
      testId="admin-exchange"
    >
      <TabLinks label="Exchange pages" tabs={tabs} />
      {content}
    </AdminPage>
  );
}
