/**
 * /gift-exchanges/:exchangeId/rsvp/ (v2.giftExchanges.rsvp): the invitee's answer (spec §3 exchange
 * response: accept or decline, a comment, shipping abroad, replies by e-mail) beside the invitation
 * itself (theme, organizer, date, budget, sign-up deadline). An invitee who opened the e-mail's link
 * is a floater and answers here without a password. With `?code=` (the copyable sign-up link), a
 * signed-in member who is not in the exchange yet joins it first. Answered, the acknowledgement follows.
 */
import { Alert, Anchor, Button, Card, Checkbox, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Link } from '../../../routes/link';
import { useAppNavigate } from '../../../routes/app-navigate';
import { ZRsvp, type TExchangeResponse } from '../../../../server/contracts/exchanges';
import { GiftIcon } from '../../../app/icons';
import { statusOf } from '../../../app/runtime/app-runtime';
import { useTermsToAccept } from './use-terms-to-accept';
import { FormFailure } from '../../../kit/form-parts';
import { useSchemaForm } from '../../../kit/forms';
import { PageLayout } from '../../../kit/page-layout';
import { EmptyState, ListSkeleton } from '../../../kit/states';
import { href } from '../../../routes/route-table';
import { trpc } from '../../../trpc';
import { ExchangePage, useExchangeQuery } from '../manage/exchange-page';
import { BackToExchange, refusalText, type TExchangeDetail } from '../manage/exchange-parts';
import { InvitationCard, LogInPrompt, dateOr, useAuthState } from './join-parts';

type TRsvpValues = {
  response: TExchangeResponse;
  comment: string;
  willShipInternationally: string;
  notifyOfReplies: string;
};

function RsvpForm({ exchange }: { exchange: TExchangeDetail }) {
  const exchangeId = exchange.exchangeId;
  const rsvp = trpc.exchanges.rsvp.useMutation();
  const utils = trpc.useUtils();
  const navigate = useAppNavigate();
  const terms = useTermsToAccept();
  const me = exchange.me;
  const answered = me?.status === 'accepted' || me?.status === 'declined';
  const organizer = exchange.myRole === 'organizer';
  const toInput = (values: TRsvpValues) => ({
    exchangeId,
    response: values.response,
    comment: values.comment,
    willShipInternationally: values.willShipInternationally === 'true',
    notifyOfReplies: values.notifyOfReplies === 'true',
  });
  const form = useSchemaForm<TRsvpValues>(
    ZRsvp,
    {
      response: me?.status === 'declined' ? 'decline' : 'accept',
      comment: me?.comment ?? '',
      willShipInternationally: String(me?.willShipInternationally ?? false),
      notifyOfReplies: String(me?.notifyOfReplies ?? false),
    },
    async (values) => {
      // A member's first "yes" accepts the terms with it (the form says so): no dialog over this form.
      if (terms.required && values.response === 'accept') await terms.acceptNow();
      const participation = await rsvp.mutateAsync(toInput(values));
      // The acknowledgement reads the answer from the cached exchange: put it there at once.
      utils.exchanges.get.setData({ exchangeId }, (old) =>
        old ? { ...old, me: participation, myStatus: participation.status } : old,
      );
      void utils.exchanges.get.invalidate({ exchangeId });
      void utils.exchanges.mine.invalidate();
      void utils.exchanges.participants.invalidate({ exchangeId });
      await navigate(href('v2.giftExchanges.rsvpAcknowledge', { exchangeId }));
    },
    undefined,
    { toInput },
  );
  const accepting = form.values.response === 'accept';
  const checkbox = (name: 'willShipInternationally' | 'notifyOfReplies') => ({
    checked: form.values[name] === 'true',
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.set(name, String(event.currentTarget.checked)),
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <form noValidate onSubmit={form.onSubmit} data-testid="rsvp-form">
        <Stack gap="md">
          {answered ? (
            <Text data-testid="rsvp-previous">
              You answered {me?.status === 'accepted' ? '“count me in”' : '“not this time”'}
              {me?.respondedAt ? ` on ${dateOr(me.respondedAt, '')}` : ''}. You can change your answer until the names
              are drawn.
            </Text>
          ) : null}
          <Radio.Group
            label="Will you take part?"
            value={form.values.response}
            onChange={(value) => form.set('response', value)}
            error={form.errors.response}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="accept" label="Yes, count me in" data-testid="rsvp-accept" />
              <Radio
                value="decline"
                label="No, not this time"
                disabled={organizer}
                description={
                  organizer
                    ? 'As the organizer you cannot decline: choose to only organize in the settings.'
                    : undefined
                }
                data-testid="rsvp-decline"
              />
            </Stack>
          </Radio.Group>
          <Textarea
            label="A note for the organizer (optional)"
            description="Everyone who can see the people of the exchange sees it beside your name."
            autosize
            minRows={2}
            maxLength={500}
            {...form.field('comment')}
            data-testid="rsvp-comment"
          />
          {accepting && exchange.deliveryType === 'mail' ? (
            <Checkbox
              label="I will ship my gift abroad if the person I draw lives in another country"
              {...checkbox('willShipInternationally')}
              data-testid="rsvp-ship-international"
            />
          ) : null}
          <Checkbox
            label="E-mail me when someone replies to my note"
            {...checkbox('notifyOfReplies')}
            data-testid="rsvp-notify-replies"
          />
          {terms.required && accepting ? (
            <Text size="sm" c="dimmed" data-testid="rsvp-terms">
              By accepting the invitation you accept our{' '}
              <Anchor href={href('v2.terms')} target="_blank" rel="noopener" underline="always">
                terms of service
              </Anchor>
              .
            </Text>
          ) : null}
          <FormFailure message={form.failure} testId="rsvp-failure" />
          <Group justify="flex-end">
            <Button type="submit" loading={form.busy} color={accepting ? undefined : 'gray'} data-testid="rsvp-submit">
              {accepting ? 'Accept the invitation' : 'Decline the invitation'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Why this person cannot answer (any more), in plain words. */
function NoAnswerNeeded({ exchange }: { exchange: TExchangeDetail }) {
  const organizing = exchange.me?.status === 'organizing';
  return (
    <EmptyState
      icon={<GiftIcon size={24} />}
      title={organizing ? 'You organize this exchange' : 'Answers are closed'}
      description={
        organizing
          ? 'You run this exchange without drawing a name, so there is nothing to answer. Invite people instead.'
          : exchange.me?.status === 'accepted'
            ? 'The names are drawn and you are in: see who you give to on the exchange page.'
            : 'The names of this exchange are drawn, so answers can no longer change.'
      }
      action={<BackToExchange exchangeId={exchange.exchangeId} />}
    />
  );
}

function RsvpContent({ exchange }: { exchange: TExchangeDetail }) {
  return (
    <Stack gap="lg">
      <InvitationCard exchange={exchange} />
      {exchange.can.rsvp ? <RsvpForm exchange={exchange} /> : <NoAnswerNeeded exchange={exchange} />}
    </Stack>
  );
}

/** The copyable sign-up link, opened by someone not in the exchange yet: join, then answer. */
function JoinByLink({ exchangeId, code }: { exchangeId: string; code: string }) {
  const auth = useAuthState();
  const join = trpc.exchanges.joinByLink.useMutation();
  const utils = trpc.useUtils();
  const navigate = useAppNavigate();

  async function joinNow(): Promise<void> {
    try {
      const detail = await join.mutateAsync({ exchangeId, code });
      utils.exchanges.get.setData({ exchangeId }, detail);
      void utils.exchanges.mine.invalidate();
      await navigate(href('v2.giftExchanges.rsvp', { exchangeId }), { replace: true });
    } catch {
      // Shown below from the mutation's error.
    }
  }

  return (
    <PageLayout
      title="Join a gift exchange"
      description="Someone shared this exchange’s sign-up link with you."
      breadcrumbs={[{ label: 'Gift exchanges', to: href('v2.giftExchanges.list') }, { label: 'Join' }]}
      testId="rsvp-join-screen"
      size="sm"
    >
      {!auth.isAuthenticated ? (
        <LogInPrompt
          title="Log in to join"
          description="Joining with a sign-up link needs an account. Log in or sign up, and you come straight back here."
        />
      ) : (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Text>
              Join to see the exchange, its date and budget, and to answer the invitation. You can still decline
              afterwards.
            </Text>
            <FormFailure message={join.error ? refusalText(join.error) : null} testId="rsvp-join-failure" />
            <Group justify="space-between">
              <Button component={Link} to={href('v2.giftExchanges.list')} variant="default">
                Not now
              </Button>
              <Button onClick={() => void joinNow()} loading={join.isPending} data-testid="rsvp-join">
                Join this exchange
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </PageLayout>
  );
}

export default function RsvpScreen() {
  const { exchangeId = '' } = useParams();
  const [search] = useSearchParams();
  const code = search.get('code');
  const exchange = useExchangeQuery(exchangeId);
  const notIn =
    (exchange.isError && [403, 404].includes(statusOf(exchange.error) ?? 0)) ||
    (exchange.data !== undefined && exchange.data.me === null && exchange.data.myRole !== 'organizer');

  if (code && notIn) return <JoinByLink exchangeId={exchangeId} code={code} />;
  if (code && exchange.isPending)
    return (
      <PageLayout title="Your answer" testId="rsvp-loading" size="sm">
        <ListSkeleton rows={3} />
      </PageLayout>
    );
  return (
    <ExchangePage exchangeId={exchangeId} title="Your answer" testId="rsvp-screen">
      {(detail) =>
        detail.me || detail.myRole === 'organizer' ? (
          <RsvpContent exchange={detail} />
        ) : (
          <Alert color="yellow" variant="light" data-testid="rsvp-not-invited">
            You are not one of the people invited to “{detail.title}”.
          </Alert>
        )
      }
    </ExchangePage>
  );
}
