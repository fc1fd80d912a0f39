/**
 * "Draw names" asks first: the draw cannot be taken back quietly (everyone is e-mailed who they give
 * to), so the organizer sees what will happen before it does: who is in, who has not answered and
 * will be left out, who declined, that everyone in gets an e-mail, and a warning when the sign-up
 * date they set has not passed yet (people may still be answering).
 */
import { isPartyGame } from '../../../../server/contracts/exchange-values';
import { Alert, Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '../../../kit/confirm-dialog';
import { ListSkeleton } from '../../../kit/states';
import { trpc } from '../../../trpc';
import { type TExchangeDetail } from './exchange-parts';
import { countOf, formatDate, joinNames } from '../../../kit/format';

/** Today as YYYY-MM-DD in the person's own time zone (sign-up dates are calendar dates). */
function todayLocal(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function names(list: string[]): string {
  return list.length > 12 ? `${list.slice(0, 10).join(', ')} and ${list.length - 10} more` : joinNames(list);
}

function DrawSummary({ exchange }: { exchange: TExchangeDetail }) {
  const people = trpc.exchanges.participants.useQuery({ exchangeId: exchange.exchangeId, limit: 100, offset: 0 });
  if (!people.data) return <ListSkeleton rows={2} height={24} />;
  const items = people.data.items;
  const inDraw = items.filter((p) => p.status === 'accepted' && !p.isDisqualified).map((p) => p.person.displayName);
  const unanswered = items.filter((p) => p.status === 'invited').map((p) => p.person.displayName);
  const declined = items.filter((p) => p.status === 'declined').map((p) => p.person.displayName);
  const early = exchange.signUpDate !== null && exchange.signUpDate >= todayLocal();
  return (
    <Stack gap="sm" data-testid="draw-confirm-summary">
      {early && exchange.signUpDate ? (
        <Alert color="yellow" variant="light" title="Sign-up is still open" data-testid="draw-confirm-early">
          {`You set sign-up to close on ${formatDate(exchange.signUpDate)}. People may still be answering; drawing now leaves out everyone who has not.`}
        </Alert>
      ) : null}
      <Text size="sm" data-testid="draw-confirm-in">
        {`In the draw (${countOf(inDraw.length, 'person', 'people')}): ${names(inDraw)}.`}
      </Text>
      {unanswered.length > 0 ? (
        <Text size="sm" data-testid="draw-confirm-left-out">
          {`Not answered yet, so left out: ${names(unanswered)}.`}
        </Text>
      ) : null}
      {declined.length > 0 ? (
        <Text size="sm" data-testid="draw-confirm-declined">
          {`Declined: ${names(declined)}.`}
        </Text>
      ) : null}
      <Text size="sm" data-testid="draw-confirm-mail">
        Everyone in the draw gets an e-mail right away saying who they give to. Nobody, not even you, sees the whole
        draw unless the privacy settings allow it.
      </Text>
    </Stack>
  );
}

export interface TDrawConfirmProps {
  exchange: TExchangeDetail;
  opened: boolean;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function DrawConfirm({ exchange, opened, loading, onConfirm, onCancel }: TDrawConfirmProps) {
  return (
    <ConfirmDialog
      opened={opened}
      title={isPartyGame(exchange.gameType) ? 'Draw the turn order now?' : 'Draw the names now?'}
      message={opened ? <DrawSummary exchange={exchange} /> : null}
      confirmLabel={
        isPartyGame(exchange.gameType) ? 'Draw the turn order and e-mail everyone' : 'Draw names and e-mail everyone'
      }
      destructive={false}
      loading={loading}
      onConfirm={onConfirm}
      onCancel={onCancel}
      confirmTestId="draw-confirm"
    />
  );
}
