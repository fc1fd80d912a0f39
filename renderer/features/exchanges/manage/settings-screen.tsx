/**
 * /gift-exchanges/:exchangeId/settings/ (v2.giftExchanges.settings): how the names are drawn and who
 * is left out: no repeat of last time's pairs, one single loop, no two people drawing each other,
 * a wish list required, late answers left out, the automatic draw and late joins (issue 31). The
 * draw options are fixed once names are drawn.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { ExchangePage } from './exchange-page';
import { ManagersOnly, type TExchangeDetail } from './exchange-parts';
import { SettingSwitches, type TSettingSwitch } from './settings-parts';

const drawFixed = (exchange: TExchangeDetail): string | null =>
  exchange.status === 'open' ? null : 'The names are drawn, so this can no longer change.';

const DRAW_SETTINGS: readonly TSettingSwitch[] = [
  {
    key: 'excludePreviousPairs',
    label: 'Nobody draws last time’s person',
    description: 'Nobody gives to the person they gave to in the exchange this one repeats.',
    lockedReason: (exchange) =>
      exchange.repeatOfExchangeId ? drawFixed(exchange) : 'Only for an exchange that repeats an earlier one.',
  },
  {
    key: 'singleLoop',
    label: 'One single loop',
    description:
      'Everyone is in one chain (Ann gives to Bob, Bob to Cid, … and the last to Ann), with no small circles.',
    lockedReason: drawFixed,
  },
  {
    key: 'noMutualPairs',
    label: 'No two people draw each other',
    description: 'If Ann gives to Bob, Bob never gives to Ann.',
    lockedReason: drawFixed,
  },
];

const SIGN_UP_SETTINGS: readonly TSettingSwitch[] = [
  {
    key: 'requireWishList',
    label: 'A wish list is required',
    description: 'Whoever has not picked a wish list by the sign-up date is left out of the draw.',
  },
  {
    key: 'disqualifyLateResponders',
    label: 'Late answers are left out',
    description: 'Invitees who have not answered by the sign-up date are left out of the draw.',
  },
  {
    key: 'autoDraw',
    label: 'Draw names automatically after the sign-up date',
    description:
      'The day after the sign-up date the names are drawn by themselves (the rules above first). If no draw is possible, nobody is drawn and you get the reason.',
    lockedReason: (exchange) => (exchange.status === 'open' ? null : 'The names are drawn already.'),
  },
  {
    key: 'lateJoinsOpen',
    label: 'People can still join after the draw',
    description:
      'Invitations and the sign-up link stay open after the names are drawn; those who join wait as “not yet drawn” until you draw the latecomers.',
  },
];

export default function ExchangeSettingsScreen() {
  const { exchangeId = '' } = useParams();
  return (
    <ExchangePage exchangeId={exchangeId} title="Settings" testId="exchange-settings-screen">
      {(exchange) => (
        <ManagersOnly exchange={exchange}>
          <Stack gap="lg">
            <Stack gap="xs">
              <Title order={2} fz="h3">
                The draw
              </Title>
              <SettingSwitches exchange={exchange} settings={DRAW_SETTINGS} />
            </Stack>
            <Stack gap="xs">
              <Title order={2} fz="h3">
                Sign-up
              </Title>
              {!exchange.signUpDate ? (
                <Text size="sm" c="dimmed">
                  These apply from the sign-up date; this exchange has none yet (set one in Edit).
                </Text>
              ) : null}
              <SettingSwitches exchange={exchange} settings={SIGN_UP_SETTINGS} />
            </Stack>
          </Stack>
        </ManagersOnly>
      )}
    </ExchangePage>
  );
}
