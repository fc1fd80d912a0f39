/**
 * The seven e-mail subscriptions (every setting but privacy), as switches: shared by the settings'
 * Notifications tab and the public e-mailed "manage notifications" page; and the few that mean
 * something for a child account (it has no e-mail address), worded for its family manager.
 */
import { Card, Stack, Switch } from '@mantine/core';
import type { TSettingKey } from '../../../server/contracts/people';

export type TEmailSettingKey = Exclude<TSettingKey, 'isPrivate'>;

export interface TNotificationSetting {
  key: TEmailSettingKey;
  label: string;
  description: string;
}

export const NOTIFICATION_SETTINGS: readonly TNotificationSetting[] = [
  {
    key: 'subscribeNotifcations',
    label: 'Activity e-mails',
    description: 'Messages, invitations and updates about your gift exchanges and lists.',
  },
  {
    key: 'subscribeFollowingNotifications',
    label: 'New wish lists',
    description: 'When somebody you follow makes a new wish list.',
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

/**
 * What a child account's settings change (a child has no e-mail address, so the e-mail-only ones
 * mean nothing): notices and reminders shown in the child's account, and whether people who
 * follow the child are reminded of its birthday. `name` is the child's first name.
 */
export function childNotificationSettings(name: string): readonly TNotificationSetting[] {
  return [
    {
      key: 'canRemindAboutBirthday',
      label: `Remind others about ${name}’s birthday`,
      description: `People who follow ${name} may get a reminder before the birthday.`,
    },
    {
      key: 'subscribeFollowingBirthdayReminders',
      label: 'Birthday reminders',
      description: `A reminder in ${name}’s account before the birthday of someone ${name} follows.`,
    },
    {
      key: 'subscribeFollowingNotifications',
      label: 'New wish lists',
      description: `A notice in ${name}’s account when somebody ${name} follows makes a new wish list.`,
    },
    {
      key: 'subscribePriceDropNotifications',
      label: 'Price drops',
      description: `A notice in ${name}’s account when something ${name} watches gets cheaper.`,
    },
  ];
}

export function NotificationSwitches({
  values,
  onChange,
  disabled,
  settings = NOTIFICATION_SETTINGS,
}: {
  values: Record<TEmailSettingKey, boolean>;
  onChange: (key: TEmailSettingKey, value: boolean) => void;
  disabled?: boolean;
  /** The switches to show (all seven e-mail subscriptions by default). */
  settings?: readonly TNotificationSetting[];
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="lg" data-testid="notification-switches">
        {settings.map((setting) => (
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
