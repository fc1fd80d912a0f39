/**
 * The overview of an exchange before its names are drawn: who is in (counts), what is still
 * missing (answers, wish lists), and for its managers the copyable sign-up link and the "Draw
 * names" button. A draw the server refuses shows its reason, which names the people concerned
 * ("Ann, Bob and Cid may only draw…"), with the page where it can be fixed.
 */
import { isPartyGame } from '../../../../server/contracts/exchange-values';
import { Alert, Anchor, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from '../../../routes/link';
import { DRAW_FAILURE_REASONS } from '../../../../server/contracts/exchange-values';
import { ListSkeleton } from '../../../kit/states';
import { href } from '../../../routes/route-table';
import { trpc } from '../../../trpc';
import { AutoDrawNote, PracticeDraw } from './late-draw-parts';
import { lazyDialog } from '../../../app/lazy-modal';
import type { TDrawConfirmProps } from './draw-confirm';
import { refusalText, useExchangeToast, type TExchangeDetail } from './exchange-parts';
import { countOf, formatDate, joinNames } from '../../../kit/format';

/** The draw's confirmation loads when the organizer asks to draw (issue 27). */
const DrawConfirm = lazyDialog<TDrawConfirmProps>(() =>
  import('./draw-confirm').then((module) => ({ default: module.DrawConfirm })),
);

type TDrawFailureReason = (typeof DRAW_FAILURE_REASONS)[number];

interface TDrawFailure {
  reason: TDrawFailureReason | null;
  message: string;
}

function drawFailureOf(error: unknown): TDrawFailure {
  const reason = (error as { data?: { details?: { reason?: unknown } | null } | null } | null)?.data?.details?.reason;
  return {
    reason: (DRAW_FAILURE_REASONS as readonly unknown[]).includes(reason) ? (reason as TDrawFailureReason) : null,
    message: refusalText(error),
  };
}

/** Where a refused draw can be fixed. */
function FailureFix({ exchangeId, reason }: { exchangeId: string; reason: TDrawFailureReason | null }) {
  if (reason === 'no-valid-assignment')
    return (
      <Anchor component={Link} to={href('v2.giftExchanges.drawRestrictions', { exchangeId })} size="sm">
        Review the draw restrictions
      </Anchor>
    );
  if (reason === 'single-loop-impossible' || reason === 'no-mutual-pairs-impossible' || reason === 'not-found')
    return (
      <Anchor component={Link} to={href('v2.giftExchanges.settings', { exchangeId })} size="sm">
        Change the draw settings
      </Anchor>
    );
  if (reason === 'too-few-participants')
    return (
      <Anchor component={Link} to={href('v2.giftExchanges.invite', { exchangeId })} size="sm">
        Invite more people
      </Anchor>
    );
  return null;
}

function SignUpLink({ url }: { url: string }) {
  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label="Sign-up link"
          description="Anyone with this link can ask to join while sign-up is open."
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1 }}
          data-testid="exchange-signup-url"
        />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'default'}
              color={copied ? 'green' : undefined}
              onClick={copy}
              data-testid="exchange-signup-copy"
            >
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** The people behind "Still missing", asked for by managers of an exchange not drawn yet. */
export function useMissingPeople(exchange: TExchangeDetail) {
  const wanted = exchange.can.manage && !exchange.drawnAt;
  const people = trpc.exchanges.participants.useQuery(
    { exchangeId: exchange.exchangeId, limit: 100, offset: 0 },
    { enabled: wanted },
  );
  return { people, wanted };
}

/** What still stands between the exchange and a good draw, from its people. */
function Missing({ exchange }: { exchange: TExchangeDetail }) {
  const { people } = useMissingPeople(exchange);
  if (!exchange.can.manage) {
    const me = exchange.me;
    if (me?.status === 'accepted' && !me.wishlistId)
      return (
        <Alert color="yellow" variant="light" title="Your Secret Santa needs ideas" data-testid="exchange-missing">
          <Stack gap={6} align="flex-start">
            <Text size="sm">You have not picked a wish list for this exchange yet.</Text>
            <Anchor
              component={Link}
              to={href('v2.giftExchanges.rsvpAcknowledge.wishlist', { exchangeId: exchange.exchangeId })}
              size="sm"
            >
              Choose a wish list
            </Anchor>
          </Stack>
        </Alert>
      );
    return null;
  }
  if (!people.data) return people.isError ? null : <ListSkeleton rows={1} height={48} />;
  const items = people.data.items;
  const unanswered = items.filter((p) => p.status === 'invited').map((p) => p.person.displayName);
  const noList = items
    .filter((p) => p.status === 'accepted' && !p.hasWishList && !p.isDisqualified)
    .map((p) => p.person.displayName);
  const lines: string[] = [];
  const short = (names: string[]): string =>
    names.length > 6 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : joinNames(names);
  if (exchange.acceptedCount < 3)
    lines.push(`At least 3 people must take part before the names can be drawn (${exchange.acceptedCount} so far).`);
  if (unanswered.length) lines.push(`Not answered yet: ${short(unanswered)}.`);
  if (noList.length)
    lines.push(
      `Without a wish list: ${short(noList)}.${exchange.settings.requireWishList ? ' They will be disqualified at the sign-up date.' : ''}`,
    );
  if (lines.length === 0)
    return (
      <Alert color="green" variant="light" title="Everything is ready" data-testid="exchange-missing">
        Everyone has answered and has a wish list.
      </Alert>
    );
  return (
    <Alert color="yellow" variant="light" title="Still missing" data-testid="exchange-missing">
      <Stack gap={4}>
        {lines.map((line) => (
          <Text size="sm" key={line}>
            {line}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

function DrawButton({ exchange }: { exchange: TExchangeDetail }) {
  const draw = trpc.exchanges.draw.useMutation();
  const utils = trpc.useUtils();
  const toast = useExchangeToast();
  const [failure, setFailure] = useState<TDrawFailure | null>(null);
  const [confirming, setConfirming] = useState(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const { exchangeId } = exchange;
  const party = isPartyGame(exchange.gameType);
  // A refusal shows below the button: bring it into view (role="alert" reads it out).
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [failure]);

  async function run(): Promise<void> {
    setFailure(null);
    try {
      const outcome = await draw.mutateAsync({ exchangeId });
      setConfirming(false);
      toast.success(
        party
          ? `The turn order is drawn: ${countOf(outcome.participantCount, 'person was', 'people were')} told their turn.`
          : `The names are drawn: ${countOf(outcome.participantCount, 'person was', 'people were')} told who to give to.`,
      );
      await Promise.all([
        utils.exchanges.get.invalidate({ exchangeId }),
        utils.exchanges.myAssignment.invalidate({ exchangeId }),
        utils.exchanges.mine.invalidate(),
        utils.exchanges.turnOrder.invalidate({ exchangeId }),
      ]);
    } catch (error) {
      setConfirming(false);
      setFailure(drawFailureOf(error));
    }
  }

  return (
    <Stack gap="sm" align="flex-start">
      <Button
        onClick={() => setConfirming(true)}
        loading={draw.isPending}
        disabled={!exchange.can.draw}
        data-testid="exchange-draw"
      >
        {party ? 'Draw the turn order' : 'Draw names'}
      </Button>
      <DrawConfirm
        exchange={exchange}
        opened={confirming}
        loading={draw.isPending}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
      />
      {party ? (
        <Text size="sm" c="dimmed">
          {exchange.can.draw
            ? 'A random turn order of everyone who takes part; everyone in the exchange sees it with the rules.'
            : 'The turn order can be drawn once at least 2 people take part.'}
        </Text>
      ) : !exchange.can.draw ? (
        <Text size="sm" c="dimmed">
          The names can be drawn once at least 3 people take part.
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Everyone who takes part is told who they give to. Nobody, not even you, sees the whole draw unless the privacy
          settings allow it.
        </Text>
      )}
      {failure ? (
        <Alert
          color="red"
          variant="light"
          title="The names could not be drawn"
          role="alert"
          ref={failureRef}
          data-testid="draw-failure"
          w="100%"
        >
          <Stack gap={6} align="flex-start">
            <Text size="sm" data-testid="draw-failure-message">
              {failure.message}
            </Text>
            <FailureFix exchangeId={exchangeId} reason={failure.reason} />
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}

export function BeforeDraw({ exchange }: { exchange: TExchangeDetail }) {
  const declined = exchange.participantCount - exchange.acceptedCount;
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg" data-testid="exchange-whos-in">
        <Stack gap="sm">
          <Title order={2} fz="h3">
            Who’s in
          </Title>
          <Text data-testid="exchange-counts">
            {`${countOf(exchange.acceptedCount, 'person takes', 'people take')} part, out of ${countOf(exchange.participantCount, 'person', 'people')} invited${declined > 0 ? ` (${declined} not in yet or declined)` : ''}.`}
          </Text>
          {exchange.signUpDate ? (
            <Text size="sm" c="dimmed">
              Sign-up closes on {formatDate(exchange.signUpDate)}.
            </Text>
          ) : null}
          <Missing exchange={exchange} />
        </Stack>
      </Card>
      {exchange.can.manage ? (
        <Card withBorder radius="md" padding="lg" data-testid="exchange-draw-card">
          <Stack gap="md">
            <Title order={2} fz="h3">
              {isPartyGame(exchange.gameType) ? 'Draw the turn order' : 'Draw the names'}
            </Title>
            {exchange.signUpUrl ? <SignUpLink url={exchange.signUpUrl} /> : null}
            <DrawButton exchange={exchange} />
            <AutoDrawNote exchange={exchange} />
            <PracticeDraw exchange={exchange} />
          </Stack>
        </Card>
      ) : (
        <Text c="dimmed" data-testid="exchange-waiting">
          {isPartyGame(exchange.gameType)
            ? `${exchange.organizer.displayName} will draw the turn order${exchange.turnOrderAtParty ? ' (or it is drawn at the party time)' : ''}; you will get an e-mail with your turn.`
            : `${exchange.organizer.displayName} will draw the names soon; you will get an e-mail saying who you give to.`}
        </Text>
      )}
    </Stack>
  );
}
