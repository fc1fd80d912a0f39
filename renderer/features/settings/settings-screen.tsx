/**
 * /settings/ and its tabs (v2.settings, .profile, .notifications, .privacy, .account, .blocked):
 * the signed-in member's profile (names, username, birthday, pronouns, picture, mailing address),
 * e-mail subscriptions, privacy, their data and account, and the people they blocked. Tabs are links;
 * the root shows the profile.
 */
import { Alert, Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from '../../routes/link';
import { useAppNavigate } from '../../routes/app-navigate';
import { useCurrentRouteHandle } from '../../app/route-handle';
import { useIdentity } from '../../auth/identity-provider';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { PAGE_SIZE, PagedList, PersonRow, useMyUserId, usePagedPeople } from '../people/people-parts';
import { TabLinks } from '../../kit/tab-links';
import {
  DeleteAccountCard,
  MailingAddress,
  NotificationsSection,
  PictureCard,
  PrivacySection,
  ProfileForm,
  SectionCard,
  type TAccountSubject,
  useIsChildSelf,
} from './account-parts';

type TTab = 'profile' | 'notifications' | 'privacy' | 'account' | 'blocked';

const TAB_LABELS: Record<TTab, string> = {
  profile: 'Profile',
  notifications: 'Notifications',
  privacy: 'Privacy',
  account: 'Account',
  blocked: 'Blocked people',
};

function tabOf(routeName: string): TTab {
  const last = routeName.split('.').at(-1) ?? '';
  return last in TAB_LABELS ? (last as TTab) : 'profile';
}

// ---- Profile ----

function ProfileTab({ userId }: { userId: string }) {
  const profile = trpc.people.get.useQuery({ userId });
  const subject: TAccountSubject = { kind: 'self', userId };
  return (
    <Stack gap="lg">
      <SectionCard title="Your profile">
        <QueryView query={profile} skeleton={<ListSkeleton rows={4} height={40} />}>
          {(loaded) => (
            <Stack gap="lg">
              <PictureCard profile={loaded} subject={subject} />
              <ProfileForm key={loaded.userId} profile={loaded} subject={subject} />
              <Anchor component={Link} to={href('v2.profile.main', { userId })} size="sm">
                See your profile as others see it
              </Anchor>
            </Stack>
          )}
        </QueryView>
      </SectionCard>
      <SectionCard
        title="Mailing address"
        description="Where gifts reach you. Only you, and people you share it with in an exchange, see it."
      >
        <MailingAddress subject={subject} />
      </SectionCard>
    </Stack>
  );
}

// ---- Account ----

function AccountTab({ userId }: { userId: string }) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const { logout } = useIdentity();
  const navigate = useAppNavigate();
  const [exporting, setExporting] = useState(false);
  // A child account has no password of its own (its family manager signs in and switches to it).
  const isChild = useIsChildSelf({ kind: 'self', userId });

  async function download(): Promise<void> {
    setExporting(true);
    try {
      const data = await utils.client.people.export.query();
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `gifting-${userId}.json`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success('Your data is downloaded');
    } catch (error) {
      toast.error(errorText(error), 'Could not download your data');
    } finally {
      setExporting(false);
    }
  }

  async function onDeleted(): Promise<void> {
    await navigate(href('v2.landing'), { replace: true });
    await logout();
    toast.success('Your account is deleted');
  }

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm" align="flex-start">
          <Title order={2} fz="lg">
            Your data
          </Title>
          <Text size="sm" c="dimmed">
            A copy of your profile, settings, follows and lists, as a JSON file.
          </Text>
          <Button variant="default" loading={exporting} onClick={() => void download()} data-testid="account-export">
            Download my data
          </Button>
        </Stack>
      </Card>
      {isChild === false ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm" align="flex-start">
            <Title order={2} fz="lg">
              Password
            </Title>
            <Text size="sm" c="dimmed">
              We e-mail you a link to choose a new password.
            </Text>
            <Anchor component={Link} to={href('v2.auth.resetPassword')} data-testid="account-password">
              Change my password
            </Anchor>
          </Stack>
        </Card>
      ) : null}
      <DeleteAccountCard subject={{ kind: 'self', userId }} onDeleted={onDeleted} />
    </Stack>
  );
}

// ---- Blocked ----

function BlockedTab({ userId }: { userId: string }) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const unblock = trpc.people.unblock.useMutation();
  const query = usePagedPeople(['people', 'blocked', userId], (offset) =>
    utils.client.people.blockedUsers.query({ userId, limit: PAGE_SIZE, offset }),
  );

  async function onUnblock(target: string, name: string): Promise<void> {
    try {
      await unblock.mutateAsync({ userId: target });
      toast.success(`${name} is no longer blocked`);
      await query.refetch();
      void utils.people.get.invalidate({ userId: target });
    } catch (error) {
      toast.error(errorText(error), `Could not unblock ${name}`);
    }
  }

  return (
    <PagedList
      query={query}
      testId="blocked-list"
      empty={
        <EmptyState
          title="You have not blocked anybody"
          description="People you block cannot see your profile or follow you. Block someone from the menu on their profile."
        />
      }
    >
      {(person) => (
        <PersonRow
          key={person.userId}
          person={person}
          action={
            <Button
              size="xs"
              variant="default"
              loading={unblock.isPending && unblock.variables.userId === person.userId}
              onClick={() => void onUnblock(person.userId, person.displayName)}
              aria-label={`Unblock ${person.displayName}`}
              data-testid="unblock-button"
            >
              Unblock
            </Button>
          }
        />
      )}
    </PagedList>
  );
}

export default function SettingsScreen() {
  const { routeName } = useCurrentRouteHandle();
  const userId = useMyUserId();
  const tab = tabOf(routeName);
  const tabs = (Object.keys(TAB_LABELS) as TTab[]).map((key) => ({
    label: TAB_LABELS[key],
    to: href(`v2.settings.${key}`),
    active: key === tab,
    testId: `settings-tab-${key}`,
  }));

  const content = !userId ? (
    <Alert color="gray" variant="light">
      Log in to change your settings.
    </Alert>
  ) : tab === 'notifications' ? (
    <NotificationsSection subject={{ kind: 'self', userId }} />
  ) : tab === 'privacy' ? (
    <PrivacySection subject={{ kind: 'self', userId }} />
  ) : tab === 'account' ? (
    <AccountTab userId={userId} />
  ) : tab === 'blocked' ? (
    <BlockedTab userId={userId} />
  ) : (
    <ProfileTab userId={userId} />
  );

  return (
    <PageLayout
      title="Settings"
      description={TAB_LABELS[tab]}
      breadcrumbs={[{ label: 'Home', to: href('v2.home') }, { label: 'Settings' }]}
      testId="settings-screen"
    >
      <TabLinks label="Settings sections" tabs={tabs} />
      {content}
    </PageLayout>
  );
}
