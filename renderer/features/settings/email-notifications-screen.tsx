/**
 * /email/notifications/?emailGuid=… (v2.emailNotifications): the e-mailed "manage notifications"
 * link. Public: the guid is the key, nobody needs to sign in. Each switch saves at once and goes
 * back (with a toast) when the save fails; an unknown or missing guid says so plainly.
 */
import { Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { isUuid } from '../../../server/contracts/validation-values';
import { statusOf } from '../../app/runtime/app-runtime';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { ErrorState, ListSkeleton, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { NotificationSwitches, type TEmailSettingKey } from './notification-settings';

function EmailSettings({ emailGuid }: { emailGuid: string }) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const key = { emailGuid };
  const settings = trpc.people.emailSettings.useQuery(key, { retry: false });
  const update = trpc.people.updateEmailSettings.useMutation();

  function change(setting: TEmailSettingKey, value: boolean): void {
    const previous = utils.people.emailSettings.getData(key);
    utils.people.emailSettings.setData(key, (current) =>
      current ? { ...current, settings: { ...current.settings, [setting]: value } } : current,
    );
    update
      .mutateAsync({ emailGuid, settings: { [setting]: value } })
      .then((saved) => utils.people.emailSettings.setData(key, saved))
      .catch((error: unknown) => {
        utils.people.emailSettings.setData(key, previous);
        toast.error(errorText(error), 'Could not save the setting');
      });
  }

  if (settings.isError && statusOf(settings.error) === 404) return <BadLink />;
  return (
    <QueryView query={settings} skeleton={<ListSkeleton rows={4} height={40} />}>
      {(loaded) => (
        <Stack gap="md" data-testid="email-settings">
          <Text>
            E-mail settings for <strong>{loaded.displayName}</strong>. Changes are saved at once.
          </Text>
          <NotificationSwitches values={loaded.settings} onChange={change} />
        </Stack>
      )}
    </QueryView>
  );
}

function BadLink() {
  return (
    <ErrorState
      title="This link does not work"
      error="The link is incomplete or no longer valid. Open the latest e-mail from Gifting and use its “Manage notifications” link, or log in and change your notifications in Settings."
    />
  );
}

export default function EmailNotificationsScreen() {
  const [search] = useSearchParams();
  const emailGuid = search.get('emailGuid') ?? '';
  return (
    <PageLayout
      title="E-mail notifications"
      description="Choose which e-mails Gifting sends you."
      breadcrumbs={[{ label: 'Home', to: href('v2.landing') }, { label: 'E-mail notifications' }]}
      testId="email-notifications-screen"
      size="md"
    >
      {isUuid(emailGuid) ? <EmailSettings emailGuid={emailGuid} /> : <BadLink />}
    </PageLayout>
  );
}
