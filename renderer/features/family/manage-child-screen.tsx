/**
 * A family manager's screen for one child account, shown by the profile screen at
 * /profile/:childId/?manage=profile|privacy|notifications|account (v2.profile.main) when the viewer
 * manages that child from their own account: the child's profile and picture, mailing address,
 * privacy, the notifications that mean something for a child, and closing the account. Reached by
 * "Manage" on the family manager's child cards and "Edit profile" on the child's profile.
 *
 * The parts are the member's own settings parts (../settings/account-parts.tsx), worded for the
 * child. Privacy and closing the account are the manager's alone: the server refuses them to a
 * manager switched into the child, so a manager switched into any child account is asked to switch
 * back first.
 */
import { Anchor, Button, Stack } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { Link } from '../../routes/link';
import { useAppNavigate } from '../../routes/app-navigate';
import type { TProfile } from '../../../server/contracts/people';
import { UsersIcon } from '../../app/icons';
import { useIdentity } from '../../auth/identity-provider';
import { PageLayout } from '../../kit/page-layout';
import { EmptyState } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { TabLinks } from '../../kit/tab-links';
import {
  DeleteAccountCard,
  firstNameOf,
  MailingAddress,
  NotificationsSection,
  PictureCard,
  PrivacySection,
  ProfileForm,
  SectionCard,
  type TAccountSubject,
} from '../settings/account-parts';
import { useSwitchInto } from './family-parts';
import { MANAGE_TABS, manageHref, type TManageTab } from './manage-child-route';

const TAB_LABELS: Record<TManageTab, string> = {
  profile: 'Profile',
  privacy: 'Privacy',
  notifications: 'Notifications',
  account: 'Close account',
};

function ProfileTab({ profile, subject }: { profile: TProfile; subject: TAccountSubject & { kind: 'child' } }) {
  const name = subject.name;
  return (
    <Stack gap="lg">
      <SectionCard title={`${name}’s profile`} testId="manage-child-profile">
        <Stack gap="lg">
          <PictureCard profile={profile} subject={subject} />
          <ProfileForm key={profile.userId} profile={profile} subject={subject} />
        </Stack>
      </SectionCard>
      <SectionCard
        title="Mailing address"
        description={`Where gifts for ${name} are sent. Only you, and people you share it with in a gift exchange, see it.`}
      >
        <MailingAddress subject={subject} />
      </SectionCard>
    </Stack>
  );
}

function AccountTab({ subject }: { subject: TAccountSubject & { kind: 'child' } }) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const navigate = useAppNavigate();

  async function onDeleted(): Promise<void> {
    // Gone from the family at once; then what else shows the child is read again.
    const listKey = { userId: subject.managerId };
    utils.people.children.setData(listKey, (list) => list?.filter((child) => child.userId !== subject.userId));
    await navigate(href('v2.familyManager.root'), { replace: true });
    toast.success(`${subject.name}’s account is closed`);
    void utils.people.children.invalidate(listKey);
    void utils.people.get.invalidate({ userId: subject.userId });
    void utils.auth.switchTargets.invalidate();
  }

  return <DeleteAccountCard subject={subject} onDeleted={onDeleted} />;
}

/** A manager switched into a child account: privacy and closing need their own account. */
function SwitchBackFirst({ name, rootId }: { name: string; rootId: string }) {
  const location = useLocation();
  const { switchTo, pendingUid } = useSwitchInto();
  return (
    <EmptyState
      icon={<UsersIcon size={24} />}
      title="Switch back to your own account"
      description={`This tab acts as another account now. Switch back to your own account to change ${name}’s.`}
      action={
        <Button
          loading={pendingUid === rootId}
          onClick={() => void switchTo(rootId, `${location.pathname}${location.search}`)}
          data-testid="manage-child-switch-back"
        >
          Switch back
        </Button>
      }
    />
  );
}

export default function ManageChildScreen({ profile, tab }: { profile: TProfile; tab: TManageTab }) {
  const { identity } = useIdentity();
  const userId = profile.userId;
  const name = firstNameOf(profile);
  const managerId = identity?.userId ?? '';
  const switchedIn = identity !== null && identity.rootIdentity !== null && identity.rootIdentity !== identity.userId;
  const subject = { kind: 'child', userId, name, managerId } as const;
  const tabs = MANAGE_TABS.map((key) => ({
    label: TAB_LABELS[key],
    to: manageHref(userId, key),
    active: key === tab,
    testId: `manage-child-tab-${key}`,
  }));

  return (
    <PageLayout
      title={`Manage ${profile.displayName}`}
      description={`${name} is a child account you manage. What you change here is saved to ${name}’s account.`}
      breadcrumbs={[
        { label: 'Home', to: href('v2.home') },
        { label: 'Family manager', to: href('v2.familyManager.root') },
        { label: profile.displayName, to: href('v2.profile.main', { userId }) },
        { label: 'Manage' },
      ]}
      actions={
        <Anchor component={Link} to={href('v2.profile.main', { userId })} data-testid="manage-child-view-profile">
          See {name}’s profile
        </Anchor>
      }
      testId="manage-child-screen"
    >
      {switchedIn && identity?.rootIdentity ? (
        <SwitchBackFirst name={name} rootId={identity.rootIdentity} />
      ) : (
        <>
          <TabLinks label={`Sections of ${name}’s account`} tabs={tabs} />
          {tab === 'privacy' ? (
            <PrivacySection subject={subject} />
          ) : tab === 'notifications' ? (
            <NotificationsSection subject={subject} />
          ) : tab === 'account' ? (
            <AccountTab subject={subject} />
          ) : (
            <ProfileTab profile={profile} subject={subject} />
          )}
        </>
      )}
    </PageLayout>
  );
}
