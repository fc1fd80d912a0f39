/**
 * /gift-exchanges/:exchangeId/privacy-settings/ (v2.giftExchanges.privacySettings): whether the
 * organizer and assistants may see the whole draw (off by default: the draw is secret, even from
 * them; fixed when the names are drawn and only ever turned off afterwards; never for a repeat
 * avoiding last time's pairs) and whether participants see who else takes part.
 */
import { Stack, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { ExchangePage } from './exchange-page';
import { ManagersOnly } from './exchange-parts';
import { SettingSwitches, type TSettingSwitch } from './settings-parts';

const PRIVACY_SETTINGS: readonly TSettingSwitch[] = [
  {
    key: 'organizerCanViewDraw',
    label: 'Organizers can see the whole draw',
    description:
      'The organizer and assistants who do not take part may look up who gives to whom; when off, the draw stays secret even from them. This is fixed when the names are drawn and everyone is told; afterwards it can only be turned off.',
    lockedReason: (exchange) =>
      exchange.settings.excludePreviousPairs
        ? 'A draw that avoids last time’s pairs stays secret, even from the organizer.'
        : exchange.drawVisibleToOrganizer === false
          ? 'The names were drawn secret, so it stays off.'
          : null,
  },
  {
    key: 'participantsVisible',
    label: 'Participants see each other',
    description: 'Everyone in the exchange can see the names of the other people taking part.',
  },
];

export default function PrivacySettingsScreen() {
  const { exchangeId = '' } = useParams();
  return (
    <ExchangePage exchangeId={exchangeId} title="Privacy" testId="exchange-privacy-screen">
      {(exchange) => (
        <ManagersOnly exchange={exchange}>
          <Stack gap="sm">
            <Text c="dimmed">
              Everyone always sees whom they give to, and never who gives to them. These settings decide what else
              organizers and participants may see.
            </Text>
            <SettingSwitches exchange={exchange} settings={PRIVACY_SETTINGS} />
          </Stack>
        </ManagersOnly>
      )}
    </ExchangePage>
  );
}
