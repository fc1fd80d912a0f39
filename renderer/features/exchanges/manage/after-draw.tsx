/**
 * The overview's part after the draw: the caller's recipient and the two anonymous conversations,
 * and for managers the redraw, the latecomers and (when the privacy settings allow) the whole draw.
 * Its own chunk: an exchange before its draw (the one most members open in the weeks before) never
 * loads it.
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from '../../../routes/link';
import { isPartyGame } from '../../../../server/contracts/exchange-values';
import { CardGrid } from '../../../kit/card-grid';
import { ConfirmDialog } from '../../../kit/confirm-dialog';
import { href } from '../../../routes/route-table';
import { trpc } from '../../../trpc';
import { AssignmentCard } from './assignment-card';
import { ConversationPanel } from './conversation-panel';
import { useExchangeToast, type TExchangeDetail } from './exchange-parts';
import { countOf, formatDate } from '../../../kit/format';
import { AwaitingDrawNotice, LatecomersCard } from './late-draw-parts';

function ManagerAfterDraw({ exchange }: { exchange: TExchangeDetail }) {
  const [confirming, setConfirming] = useState(false);
  const redraw = trpc.exchanges.redraw.useMutation();
  const utils = trpc.useUtils();
  const toast = useExchangeToast();
  const { exchangeId } = exchange;

  async function confirm(): Promise<void> {
    try {
      const outcome = await redraw.mutateAsync({ exchangeId });
      setConfirming(false);
      toast.success(
        `The names are drawn again: ${countOf(outcome.participantCount, 'person was', 'people were')} told.`,
      );
      await Promise.all([
        utils.exchanges.get.invalidate({ exchangeId }),
        utils.exchanges.myAssignment.invalidate({ exchangeId }),
        utils.exchanges.conversation.invalidate(),
        utils.exchanges.viewDraw.invalidate({ exchangeId }),
      ]);
    } catch (error) {
      setConfirming(false);
      toast.failed('Could not draw again', error);
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" data-testid="exchange-manager-drawn">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h3">
          The draw
        </Title>
        <Text size="sm">
          {isPartyGame(exchange.gameType)
            ? `Turn order drawn${exchange.drawnAt ? ` on ${formatDate(exchange.drawnAt)}` : ''}; everyone in the exchange sees it.`
            : `${exchange.drawnAt ? `Names drawn on ${formatDate(exchange.drawnAt)}. ` : ''}${countOf(exchange.acceptedCount, 'person knows', 'people know')} who they give to.`}
        </Text>
        <Group gap="sm">
          {isPartyGame(exchange.gameType) ? null : exchange.can.viewDraw ? (
            <Button
              component={Link}
              to={href('legacy.giftExchanges.viewDraw', { exchangeId })}
              variant="light"
              data-testid="exchange-view-draw"
            >
              View the draw
            </Button>
          ) : (
            <Text size="sm" c="dimmed" data-testid="exchange-draw-secret">
              {exchange.drawVisibleToOrganizer
                ? 'You take part in this draw, so it stays secret from you too.'
                : 'The draw is secret, even from you.'}
            </Text>
          )}
          {exchange.can.redraw ? (
            <Button variant="default" onClick={() => setConfirming(true)} data-testid="exchange-redraw">
              Redraw
            </Button>
          ) : null}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Draw the names again?"
        message="Everyone gets a new person to give to and is told by e-mail. Their messages so far are deleted. Gifts already bought may no longer fit."
        confirmLabel="Redraw"
        loading={redraw.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
        confirmTestId="exchange-redraw-confirm"
      />
    </Card>
  );
}

/** Why the caller has no recipient in a drawn exchange. */
function notInDrawText(exchange: TExchangeDetail): string {
  const me = exchange.me;
  if (me?.isDisqualified)
    return `You were left out of this draw${me.disqualifiedReason ? `: ${me.disqualifiedReason}` : ''}.`;
  if (me?.status === 'organizing') return 'You organize this exchange without giving or receiving a gift.';
  if (me?.status === 'declined') return 'You declined this exchange, so you are not in the draw.';
  if (me?.status === 'invited')
    return exchange.can.rsvp
      ? 'The names are drawn, but you can still join: you will be drawn in as a latecomer.'
      : 'The names were drawn before you answered, so you are not in the draw.';
  return 'You are not in this draw.';
}

export default function AfterDraw({ exchange }: { exchange: TExchangeDetail }) {
  const me = exchange.me;
  const inDraw = me?.status === 'accepted' && !me.isDisqualified;
  // A party game drew a turn order (shown above), not pairs.
  if (isPartyGame(exchange.gameType)) return exchange.can.manage ? <ManagerAfterDraw exchange={exchange} /> : null;
  return (
    <Stack gap="lg">
      {exchange.drawVisibleToOrganizer === null ? null : (
        <Text size="sm" c="dimmed" data-testid="exchange-draw-visibility">
          {exchange.drawVisibleToOrganizer
            ? 'The organizer can see who drew whom.'
            : 'The organizer cannot see who drew whom.'}
        </Text>
      )}
      {inDraw && exchange.awaitingDraw ? (
        <AwaitingDrawNotice exchange={exchange} />
      ) : inDraw ? (
        <>
          <AssignmentCard exchangeId={exchange.exchangeId} />
          <CardGrid cols={{ base: 1, md: 2 }}>
            <ConversationPanel exchangeId={exchange.exchangeId} partner="recipient" />
            <ConversationPanel exchangeId={exchange.exchangeId} partner="santa" />
          </CardGrid>
        </>
      ) : (
        <Text c="dimmed" data-testid="exchange-not-in-draw">
          {notInDrawText(exchange)}
        </Text>
      )}
      {exchange.can.manage ? <ManagerAfterDraw exchange={exchange} /> : null}
      {exchange.can.manage && exchange.status === 'drawn' ? <LatecomersCard exchange={exchange} /> : null}
      {exchange.can.sayThanks ? (
        <Button
          component={Link}
          to={href('v2.giftExchanges.thankYous', { exchangeId: exchange.exchangeId })}
          variant="light"
          style={{ alignSelf: 'flex-start' }}
        >
          Thank your Secret Santa
        </Button>
      ) : null}
    </Stack>
  );
}
