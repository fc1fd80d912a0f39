/**
 * The generator's steps once the exchange exists. Light flow (/secret-santa-generator/light/
 * :exchangeId/…): participants (who is in it), invite-email (an optional personal message, then the
 * invitations go out: `exchanges.inviteByEmail` for the typed people, `exchanges.inviteUsers` for
 * the friends picked, with each row's result), wishlist (the organizer's own, when they draw too)
 * and created (summary, the copyable sign-up link, the way on). Classic flow: wishlist/:exchangeId,
 * then the invite pages.
 */
import { Button, Card, CopyButton, Group, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../../routes/link';
import { useAppNavigate } from '../../../routes/app-navigate';
import { ZInviteByEmail, type TInviteResult } from '../../../../server/contracts/exchanges';
import { EXCHANGE_THEMES } from '../../../../server/contracts/exchange-values';
import { useCurrentRouteHandle } from '../../../app/route-handle';
import { FormFailure } from '../../../kit/form-parts';
import { PageLayout } from '../../../kit/page-layout';
import { QueryView } from '../../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../../kit/states';
import { href } from '../../../routes/route-table';
import { trpc } from '../../../trpc';
import {
  ExchangeAccessError,
  exchangeFacts,
  PersonLine,
  ParticipantSummary,
  refusalText,
  type TExchangeDetail,
} from '../manage/exchange-parts';
import { clearDraft, readDraft, useDraft, writeDraft } from './draft';
import { ExchangeWishListPicker } from './exchange-wish-list-picker';
import { lightPlan, type TStepKey } from './flow-steps';
import { StepFrame, StepNav, submitWith, useSignedIn } from './step-frame';
import { positionOf } from './flow-steps';
import { ThemeBadge } from './theme-picker';

const PEOPLE_PAGE = { limit: 100, offset: 0 } as const;

/** The light plan for this exchange, even when the draft has gone (another tab, a later visit). */
function useCreatedStep(key: TStepKey, exchangeId: string) {
  const draft = useDraft();
  const { signedIn } = useSignedIn();
  const ours = draft.created?.exchangeId === exchangeId;
  const plan = lightPlan(
    {
      ...draft,
      flow: draft.flow === 'friends' ? 'friends' : 'light',
      created: { exchangeId, friendIds: ours ? (draft.created?.friendIds ?? []) : [] },
    },
    signedIn,
  );
  return { draft, ours, plan, position: positionOf(plan, key) };
}

/** The exchange's detail, shown through its access error when it is not the caller's. */
function WithExchange({
  exchangeId,
  children,
}: {
  exchangeId: string;
  children: (exchange: TExchangeDetail) => ReactNode;
}) {
  const exchange = trpc.exchanges.get.useQuery({ exchangeId });
  if (exchange.isError)
    return (
      <ExchangeAccessError
        error={exchange.error}
        onRetry={() => void exchange.refetch()}
        retrying={exchange.isFetching}
      />
    );
  return (
    <QueryView query={exchange} skeleton={<ListSkeleton rows={3} />}>
      {children}
    </QueryView>
  );
}

// ---- Participants ----

function ParticipantsStep({ exchangeId }: { exchangeId: string }) {
  const { draft, ours, plan, position } = useCreatedStep('participants', exchangeId);
  const navigate = useAppNavigate();
  const people = trpc.exchanges.participants.useQuery({ exchangeId, ...PEOPLE_PAGE });
  const friends = ours && (draft.created?.friendIds.length ?? 0) > 0 ? draft.friends : [];

  return (
    <StepFrame
      title="Everyone in your exchange"
      description="Check the list: nobody has been e-mailed yet."
      plan={plan}
      position={position}
      testId="generator-participants-step"
    >
      <form
        noValidate
        onSubmit={submitWith(() => navigate(position.next ?? href('v2.generator.light.created', { exchangeId })))}
      >
        <Stack gap="sm">
          {people.isError ? (
            <ExchangeAccessError
              error={people.error}
              onRetry={() => void people.refetch()}
              retrying={people.isFetching}
            />
          ) : (
            <QueryView query={people} skeleton={<ListSkeleton rows={4} height={56} />}>
              {(page) => (
                <Stack gap="xs" data-testid="generator-participants">
                  {page.items.map((participant) => (
                    <PersonLine
                      key={participant.person.userId}
                      person={participant.person}
                      detail={<ParticipantSummary participant={participant} />}
                    />
                  ))}
                  {page.paging.total !== null && page.paging.total > page.items.length ? (
                    <Text size="sm" c="dimmed">
                      And {page.paging.total - page.items.length} more.
                    </Text>
                  ) : null}
                </Stack>
              )}
            </QueryView>
          )}
          {friends.length > 0 ? (
            <Text size="sm" data-testid="generator-pending-friends">
              Invited next, from the people you follow: {friends.map((friend) => friend.name).join(', ')}.
            </Text>
          ) : null}
          {people.isError ? null : <StepNav back={position.back} />}
        </Stack>
      </form>
    </StepFrame>
  );
}

// ---- Invitations ----

function InvitationPreview({ exchange, message }: { exchange: TExchangeDetail; message: string }) {
  const theme = EXCHANGE_THEMES.find((item) => item.id === exchange.themeId) ?? EXCHANGE_THEMES[0];
  return (
    <Card withBorder radius="md" padding="md" data-testid="invitation-preview">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Preview
        </Text>
        <ThemeBadge themeId={theme.id} />
        <Text fw={600}>
          {exchange.organizer.displayName} invites you to “{exchange.title}”
        </Text>
        <Text size="sm">{exchangeFacts(exchange).join(' · ')}</Text>
        {message.trim() ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="invitation-preview-message">
            {message.trim()}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

function InviteResults({ results }: { results: TInviteResult[] }) {
  return (
    <Table striped withTableBorder data-testid="invite-results">
      <Table.Caption>What happened to each invitation</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Person</Table.Th>
          <Table.Th scope="col">Result</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {results.map((result, index) => (
          <Table.Tr key={`${index}-${result.email}`} data-testid="invite-result" data-status={result.status}>
            <Table.Td>{result.name ? `${result.name} (${result.email})` : result.email}</Table.Td>
            <Table.Td>{result.message}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const ZMessage = ZInviteByEmail.shape.message;

function InviteEmailForm({
  exchange,
  friendIds,
  next,
}: {
  exchange: TExchangeDetail;
  friendIds: string[];
  next: string;
}) {
  const exchangeId = exchange.exchangeId;
  const people = trpc.exchanges.participants.useQuery({ exchangeId, ...PEOPLE_PAGE });
  const byEmail = trpc.exchanges.inviteByEmail.useMutation();
  const byUser = trpc.exchanges.inviteUsers.useMutation();
  const utils = trpc.useUtils();
  const navigate = useAppNavigate();
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [results, setResults] = useState<TInviteResult[] | null>(null);
  const busy = byEmail.isPending || byUser.isPending;

  const invitees = (people.data?.items ?? [])
    .filter((participant) => !participant.isOrganizer && participant.status === 'invited' && participant.email)
    .map((participant) => ({ name: participant.person.displayName, email: participant.email ?? '' }));

  async function send(): Promise<void> {
    const checked = ZMessage.safeParse(message);
    setMessageError(checked.success ? undefined : checked.error.issues[0]?.message);
    if (!checked.success) return;
    setFailure(null);
    const outcome: TInviteResult[] = [];
    try {
      for (let start = 0; start < invitees.length; start += 200) {
        const answer = await byEmail.mutateAsync({ exchangeId, invitees: invitees.slice(start, start + 200), message });
        outcome.push(...answer.results);
      }
      if (friendIds.length > 0) {
        const answer = await byUser.mutateAsync({ exchangeId, userIds: friendIds, message });
        outcome.push(...answer.results);
        writeDraft({ created: { exchangeId, friendIds: [] } });
      }
      setResults(outcome);
      void utils.exchanges.participants.invalidate({ exchangeId });
      void utils.exchanges.get.invalidate({ exchangeId });
    } catch (error) {
      setFailure(refusalText(error));
      if (outcome.length > 0) setResults(outcome);
    }
  }

  if (results)
    return (
      <form noValidate onSubmit={submitWith(() => navigate(next))}>
        <Stack gap="md">
          <Text data-testid="invite-sent">Your invitations are on their way.</Text>
          <InviteResults results={results} />
          <FormFailure message={failure} testId="invite-email-failure" />
          <StepNav back={null} />
        </Stack>
      </form>
    );

  const nobody = people.isSuccess && invitees.length === 0 && friendIds.length === 0;
  return (
    <form noValidate onSubmit={submitWith(nobody ? () => navigate(next) : send)}>
      <Stack gap="md">
        <Text size="sm" data-testid="invite-count">
          {nobody
            ? 'Everyone here has been invited already.'
            : `${invitees.length + friendIds.length} ${invitees.length + friendIds.length === 1 ? 'person gets' : 'people get'} this invitation.`}
        </Text>
        <Textarea
          label="A personal message (optional)"
          description="It goes at the top of the invitation."
          autosize
          minRows={3}
          maxLength={1000}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          error={messageError}
          data-testid="invite-message"
        />
        <InvitationPreview exchange={exchange} message={message} />
        <FormFailure message={failure} testId="invite-email-failure" />
        <StepNav
          back={null}
          nextLabel={nobody ? 'Next' : 'Send invitations'}
          busy={busy}
          disabled={!people.isSuccess}
        />
      </Stack>
    </form>
  );
}

function InviteEmailStep({ exchangeId }: { exchangeId: string }) {
  const { draft, ours, plan, position } = useCreatedStep('invitations', exchangeId);
  return (
    <StepFrame
      title="Send the invitations"
      description="Add a few words if you like, then send. Each person gets a link to answer."
      plan={plan}
      position={position}
      testId="generator-invite-email-step"
    >
      <WithExchange exchangeId={exchangeId}>
        {(exchange) => (
          <InviteEmailForm
            exchange={exchange}
            friendIds={ours ? (draft.created?.friendIds ?? []) : []}
            next={position.next ?? href('v2.generator.light.created', { exchangeId })}
          />
        )}
      </WithExchange>
    </StepFrame>
  );
}

// ---- Wish list ----

/** The organizer's wish list for the exchange, or why there is none to make. */
function OrganizerWishList({ exchange, onDone }: { exchange: TExchangeDetail; onDone: () => void }) {
  if (!exchange.me || exchange.me.status === 'organizing')
    return (
      <EmptyState
        title="No wish list needed"
        description="You organize this exchange without drawing, so nobody gives you a gift here."
        action={
          <Button onClick={onDone} data-testid="wish-list-done">
            Next
          </Button>
        }
      />
    );
  return <ExchangeWishListPicker exchangeId={exchange.exchangeId} onDone={onDone} />;
}

function LightWishListStep({ exchangeId }: { exchangeId: string }) {
  const { plan, position } = useCreatedStep('wishlist', exchangeId);
  const navigate = useAppNavigate();
  return (
    <StepFrame
      title="Your wish list"
      description="You draw too, so someone gives you a gift: tell them what you would like."
      plan={plan}
      position={position}
      testId="generator-wishlist-step"
    >
      <WithExchange exchangeId={exchangeId}>
        {(exchange) => (
          <OrganizerWishList
            exchange={exchange}
            onDone={() => void navigate(href('v2.generator.light.created', { exchangeId }))}
          />
        )}
      </WithExchange>
    </StepFrame>
  );
}

function ClassicWishListScreen({ exchangeId }: { exchangeId: string }) {
  const navigate = useAppNavigate();
  return (
    <PageLayout
      title="Your wish list"
      description="You draw too, so someone gives you a gift: tell them what you would like. Then invite everyone."
      breadcrumbs={[{ label: 'Secret Santa generator', to: href('v2.generator.root') }, { label: 'Your wish list' }]}
      testId="generator-classic-wishlist"
      size="sm"
    >
      <Card withBorder radius="md" padding="lg">
        <WithExchange exchangeId={exchangeId}>
          {(exchange) => (
            <OrganizerWishList
              exchange={exchange}
              onDone={() => void navigate(href('v2.generator.invite', { exchangeId }))}
            />
          )}
        </WithExchange>
      </Card>
    </PageLayout>
  );
}

// ---- Created ----

function SignUpLinkField({ url }: { url: string }) {
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        label="Sign-up link"
        description="Share it in a chat or an e-mail: whoever opens it can ask to join."
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        style={{ flex: 1 }}
        data-testid="created-signup-url"
      />
      <CopyButton value={url} timeout={2500}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} data-testid="created-copy-link">
            {copied ? 'Link copied' : 'Copy the link'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

function CreatedScreen({ exchangeId }: { exchangeId: string }) {
  // The draft has done its work.
  useEffect(() => {
    if (readDraft().created?.exchangeId === exchangeId) clearDraft();
  }, [exchangeId]);

  return (
    <PageLayout
      title="Your exchange is ready"
      description="Everyone invited gets an e-mail to answer. Draw the names once they have."
      breadcrumbs={[{ label: 'Secret Santa generator', to: href('v2.generator.root') }, { label: 'Ready' }]}
      testId="generator-created"
      size="sm"
    >
      <WithExchange exchangeId={exchangeId}>
        {(exchange) => (
          <Card withBorder radius="md" padding="lg">
            <Stack gap="md">
              <ThemeBadge themeId={exchange.themeId} />
              <Title order={2} fz="h3" data-testid="created-title">
                {exchange.title}
              </Title>
              <Text>{exchangeFacts(exchange).join(' · ')}</Text>
              <Text data-testid="created-count">
                {exchange.participantCount} {exchange.participantCount === 1 ? 'person' : 'people'} so far.
              </Text>
              {exchange.signUpUrl ? <SignUpLinkField url={exchange.signUpUrl} /> : null}
              <Group gap="sm">
                <Button component={Link} to={href('v2.giftExchanges.main', { exchangeId })} data-testid="created-open">
                  Go to the exchange
                </Button>
                <Button
                  component={Link}
                  to={href('v2.giftExchanges.invite', { exchangeId })}
                  variant="default"
                  data-testid="created-invite-more"
                >
                  Invite more people
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
      </WithExchange>
    </PageLayout>
  );
}

const SCREENS: Record<string, (exchangeId: string) => ReactNode> = {
  'v2.generator.wishlist': (id) => <ClassicWishListScreen exchangeId={id} />,
  'v2.generator.light.participants': (id) => <ParticipantsStep exchangeId={id} />,
  'v2.generator.light.inviteEmail': (id) => <InviteEmailStep exchangeId={id} />,
  'v2.generator.light.wishlist': (id) => <LightWishListStep exchangeId={id} />,
  'v2.generator.light.created': (id) => <CreatedScreen exchangeId={id} />,
};

export default function ExchangeStepsScreen() {
  const { routeName } = useCurrentRouteHandle();
  const { exchangeId = '' } = useParams();
  const render = SCREENS[routeName] ?? SCREENS['v2.generator.light.created'];
  return <>{render?.(exchangeId)}</>;
}
