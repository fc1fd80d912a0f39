/**
 * The seven e-mail subscriptions (every setting but privacy), as switches: shared by the settings'
 * Notifications tab and the public e-mailed "manage notifications" page.
 */
import { Card, Stack, Switch } from '@mantine/core';
import type { TSettingKey } from '../../../server/contracts/people';

export type TEmailSettingKey = Exclude<TSettingKey, 'isPrivate'>;

export const NOTIFICATION_SETTINGS: readonly { key: TEmailSettingKey; label: string; description: string }[] = [
  {
    key: 'subscribeNotifcations',
    label: 'Activity e-mails',
    description: 'Messages, invitations and updates about your gift exchanges and lists.',
  },
  {
    key: 'subscribeFollowingNotifications',
    label: 'New followers',
    description: 'When somebody starts following you.',
  },
  {
    key: 'subscribeFollowingBirthdayReminders',
    label: 'Birthday reminders',
    description: 'A reminder before the birthday of someone you follow.',
  },
  {
    key: 'subscribeGiftGuideFollowingNotifications',
    label: 'Gift guides you follow',
    description: 'When a gift guide you follow gets new ideas.',
  },
  {
    key: 'canRemindAboutBirthday',
    label: 'Remind others about my birthday',
    description: 'People who follow you may get a reminder before your birthday.',
  },
  {
    key: 'subscribeNewsletter',
    label: 'Newsletter',
    description: 'Gift ideas and news from Gifting, now and then.',
  },
  {
    key: 'subscribePriceDropNotifications',
    label: 'Price drops',
    description: 'When something on a wish list you follow gets cheaper.',
  },
];

export function NotificationSwitches({
  values,
  onChange,
  disabled,
}: {
  values: Record<TEmailSettingKey, boolean>;
  onChange: (key: TEmailSettingKey, value: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="lg" data-testid="notification-switches">
        {NOTIFICATION_SETTINGS.map((setting) => (
          <Switch
            key={setting.key}
            label={setting.label}
            description={setting.description}
            checked={values[setting.key]}
            disabled={disabled}
            onChange={(event) => onChange(setting.key, event.currentTarget.checked)}
            data-testid={`setting-${setting.key}`}
          />
        ))}
      </Stack>
    </Card>
  );
}
