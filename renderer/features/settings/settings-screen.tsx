/**
 * /settings/ and its tabs (v2.settings, .profile, .notifications, .privacy, .account, .blocked):
 * the signed-in member's profile (names, username, birthday, pronouns, picture, mailing address),
 * e-mail subscriptions, privacy, their data and account, and the people they blocked. Tabs are links;
 * the root shows the profile.
 */
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { GENDERS } from '../../../server/contracts/enums';
import {
  PICTURE_MAX_BYTES,
  PICTURE_TYPES,
  ZMailingAddress,
  ZProfilePatch,
  type TMailingAddressOut,
  type TProfile,
  type TSettings,
} from '../../../server/contracts/people';
import { statusOf } from '../../app/runtime/app-runtime';
import { useAppRuntime } from '../../app/runtime-context';
import { useIdentity } from '../../auth/identity-provider';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { FormFailure } from '../../kit/form-parts';
import { useSchemaForm } from '../../kit/forms';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { SelectField } from '../../kit/select-field';
import { EmptyState, ListSkeleton, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { useCurrentRouteHandle } from '../../app/route-handle';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import {
  PAGE_SIZE,
  PagedList,
  BirthdayInputs,
  PersonAvatar,
  PersonRow,
  TabLinks,
  birthdayInput,
  birthdayField,
  useMyUserId,
  usePagedPeople,
} from '../people/people-parts';
import { NotificationSwitches, type TEmailSettingKey } from './notification-settings';

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

type TProfileValues = {
  firstName: string;
  lastName: string;
  username: string;
  birthdayMonth: string;
  birthdayDay: string;
  gender: string;
};

function profileValues(profile: TProfile): TProfileValues {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    username: profile.username ?? '',
    birthdayMonth: profile.birthday ? String(profile.birthday.month) : '',
    birthdayDay: profile.birthday ? String(profile.birthday.day) : '',
    gender: profile.gender ?? '',
  };
}

function profileInput(values: TProfileValues) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    username: values.username,
    birthday: birthdayInput(values.birthdayMonth, values.birthdayDay),
    gender: values.gender,
  };
}

function ProfileForm({ profile }: { profile: TProfile }) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const patch = trpc.people.patch.useMutation();
  const form = useSchemaForm(
    ZProfilePatch,
    profileValues(profile),
    async (values) => {
      await patch.mutateAsync({ userId: profile.userId, profile: profileInput(values) });
      toast.success('Your profile is saved');
      await Promise.all([utils.people.get.invalidate({ userId: profile.userId }), utils.auth.me.invalidate()]);
    },
    undefined,
    { toInput: profileInput, fieldOf: birthdayField },
  );
  const { field, values, set } = form;

  return (
    <form noValidate onSubmit={form.onSubmit} data-testid="profile-form">
      <Stack gap="md">
        <Group grow align="flex-start">
          <TextInput
            label="First name"
            autoComplete="given-name"
            {...field('firstName')}
            data-testid="profile-first-name"
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            {...field('lastName')}
            data-testid="profile-last-name"
          />
        </Group>
        <TextInput
          label="Username"
          autoComplete="username"
          description="Friends can find you by it."
          {...field('username')}
          data-testid="profile-username-input"
        />
        <BirthdayInputs month={field('birthdayMonth')} day={field('birthdayDay')} testIdPrefix="profile" />
        <SelectField
          label="Pronouns"
          value={values.gender}
          onChange={(value) => set('gender', value)}
          options={[{ value: '', label: 'Not set' }, ...GENDERS]}
          data-testid="profile-gender"
        />
        {form.errors.gender ? (
          <Text size="sm" c="red.8" role="alert">
            {form.errors.gender}
          </Text>
        ) : null}
        <FormFailure message={form.failure} testId="profile-failure" />
        <Group>
          <Button type="submit" loading={patch.isPending} data-testid="profile-save">
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PictureCard({ profile }: { profile: TProfile }) {
  const { requester } = useAppRuntime();
  const utils = trpc.useUtils();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const remove = trpc.people.removePicture.useMutation();

  async function refresh(): Promise<void> {
    await Promise.all([utils.people.get.invalidate({ userId: profile.userId }), utils.auth.me.invalidate()]);
  }

  async function upload(file: File): Promise<void> {
    if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) {
      toast.error('Choose a JPEG, PNG or WebP picture.');
      return;
    }
    if (file.size > PICTURE_MAX_BYTES) {
      toast.error('Choose a picture smaller than 5 MB.');
      return;
    }
    setUploading(true);
    try {
      await requester.request({
        method: 'PUT',
        url: `/v1/users/${encodeURIComponent(profile.userId)}/picture`,
        body: file,
        headers: { 'content-type': file.type },
      });
      toast.success('Your picture is saved');
      await refresh();
    } catch (error) {
      toast.error(errorText(error), 'Could not save the picture');
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  async function removePicture(): Promise<void> {
    try {
      await remove.mutateAsync({ userId: profile.userId });
      toast.success('Your picture is removed');
      await refresh();
    } catch (error) {
      toast.error(errorText(error), 'Could not remove the picture');
    }
  }

  return (
    <Group gap="lg" data-testid="picture-card">
      <PersonAvatar name={profile.displayName} pictureUrl={profile.pictureUrl} size={80} />
      <Stack gap="xs">
        <input
          ref={input}
          id="profile-picture-input"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-label="Profile picture"
          style={{ display: 'none' }}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void upload(file);
          }}
          data-testid="picture-input"
        />
        <Group gap="xs">
          <Button
            variant="default"
            loading={uploading}
            onClick={() => input.current?.click()}
            data-testid="picture-upload"
          >
            {profile.pictureUrl ? 'Change picture' : 'Upload a picture'}
          </Button>
          {profile.pictureUrl ? (
            <Button
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() => void removePicture()}
              data-testid="picture-remove"
            >
              Remove picture
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          JPEG, PNG or WebP, up to 5 MB.
        </Text>
      </Stack>
    </Group>
  );
}

type TAddressValues = Record<'address1' | 'address2' | 'city' | 'state' | 'postalCode' | 'country', string>;

function AddressForm({ userId, address }: { userId: string; address: TMailingAddressOut | null }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const save = trpc.people.setMailingAddress.useMutation();
  const initial: TAddressValues = {
    address1: address?.address1 ?? '',
    address2: address?.address2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postalCode: address?.postalCode ?? '',
    country: address?.country ?? '',
  };
  const form = useSchemaForm(ZMailingAddress, initial, async (values) => {
    const saved = await save.mutateAsync({ userId, address: values });
    queryClient.setQueryData(['people', 'mailingAddress', userId], saved);
    toast.success('Your mailing address is saved');
  });
  return (
    <form noValidate onSubmit={form.onSubmit} data-testid="address-form">
      <Stack gap="md">
        <TextInput
          label="Address line 1"
          autoComplete="address-line1"
          {...form.field('address1')}
          data-testid="address-address1"
        />
        <TextInput
          label="Address line 2"
          autoComplete="address-line2"
          {...form.field('address2')}
          data-testid="address-address2"
        />
        <Group grow align="flex-start">
          <TextInput label="City" autoComplete="address-level2" {...form.field('city')} data-testid="address-city" />
          <TextInput
            label="State or region"
            autoComplete="address-level1"
            {...form.field('state')}
            data-testid="address-state"
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="Postal code"
            autoComplete="postal-code"
            {...form.field('postalCode')}
            data-testid="address-postal-code"
          />
          <TextInput
            label="Country"
            autoComplete="country-name"
            {...form.field('country')}
            data-testid="address-country"
          />
        </Group>
        <FormFailure message={form.failure} testId="address-failure" />
        <Group>
          <Button type="submit" loading={form.busy} data-testid="address-save">
            Save address
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MailingAddress({ userId }: { userId: string }) {
  const utils = trpc.useUtils();
  // "No address yet" answers 403 (spec §6): read outside the query cache's 403 handling, as empty.
  const address = useQuery({
    queryKey: ['people', 'mailingAddress', userId],
    queryFn: async (): Promise<TMailingAddressOut | null> => {
      try {
        return await utils.client.people.mailingAddress.query({ userId });
      } catch (error) {
        if (statusOf(error) === 403) return null;
        throw error;
      }
    },
  });
  return (
    <QueryView query={address} skeleton={<ListSkeleton rows={3} height={40} />}>
      {(loaded) => <AddressForm key={userId} userId={userId} address={loaded} />}
    </QueryView>
  );
}

function ProfileTab({ userId }: { userId: string }) {
  const profile = trpc.people.get.useQuery({ userId });
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            Your profile
          </Title>
          <QueryView query={profile} skeleton={<ListSkeleton rows={4} height={40} />}>
            {(loaded) => (
              <Stack gap="lg">
                <PictureCard profile={loaded} />
                <ProfileForm key={loaded.userId} profile={loaded} />
                <Anchor component={Link} to={href('v2.profile.main', { userId })} size="sm">
                  See your profile as others see it
                </Anchor>
              </Stack>
            )}
          </QueryView>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="lg">
              Mailing address
            </Title>
            <Text size="sm" c="dimmed">
              Where gifts reach you. Only you, and people you share it with in an exchange, see it.
            </Text>
          </Stack>
          <MailingAddress userId={userId} />
        </Stack>
      </Card>
    </Stack>
  );
}

// ---- Notifications and privacy ----

function useSettingUpdate(userId: string) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const update = trpc.people.updateSettings.useMutation();
  return (patch: Partial<TSettings>): void => {
    const key = { userId };
    const previous = utils.people.settings.getData(key);
    utils.people.settings.setData(key, (current) => (current ? { ...current, ...patch } : current));
    update
      .mutateAsync({ userId, settings: patch })
      .then((saved) => {
        utils.people.settings.setData(key, saved);
        void utils.people.get.invalidate({ userId });
      })
      .catch((error: unknown) => {
        utils.people.settings.setData(key, previous);
        toast.error(errorText(error), 'Could not save the setting');
      });
  };
}

function SettingsSkeleton() {
  return (
    <Card withBorder radius="md" padding="lg" aria-busy="true" aria-label="Loading">
      <Stack gap="lg">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} h={28} w="60%" />
        ))}
      </Stack>
    </Card>
  );
}

function NotificationsTab({ userId }: { userId: string }) {
  const settings = trpc.people.settings.useQuery({ userId });
  const change = useSettingUpdate(userId);
  return (
    <Stack gap="md">
      <Text c="dimmed">Choose which e-mails Gifting sends you. Changes are saved at once.</Text>
      <QueryView query={settings} skeleton={<SettingsSkeleton />}>
        {(loaded) => (
          <NotificationSwitches values={loaded} onChange={(key: TEmailSettingKey, value) => change({ [key]: value })} />
        )}
      </QueryView>
    </Stack>
  );
}

function PrivacyTab({ userId }: { userId: string }) {
  const settings = trpc.people.settings.useQuery({ userId });
  const change = useSettingUpdate(userId);
  return (
    <QueryView query={settings} skeleton={<SettingsSkeleton />}>
      {(loaded) => (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Switch
              label="Private profile"
              description="Only people you follow can see your birthday, wish lists, activity and friends. Everybody can still see your name and picture."
              checked={loaded.isPrivate}
              onChange={(event) => change({ isPrivate: event.currentTarget.checked })}
              data-testid="setting-isPrivate"
            />
            <Text size="sm" c="dimmed" data-testid="privacy-state">
              {loaded.isPrivate
                ? 'Your profile is private.'
                : 'Your profile is public: any member can see your wish lists and friends.'}
            </Text>
          </Stack>
        </Card>
      )}
    </QueryView>
  );
}

// ---- Account ----

function AccountTab({ userId }: { userId: string }) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const { logout } = useIdentity();
  const navigate = useNavigate();
  const remove = trpc.people.delete.useMutation();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');

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

  async function deleteAccount(): Promise<void> {
    try {
      await remove.mutateAsync({ userId });
      setConfirming(false);
      await navigate(href('v2.landing'), { replace: true });
      await logout();
      toast.success('Your account is deleted');
    } catch (error) {
      toast.error(errorText(error), 'Could not delete the account');
    }
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
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm" align="flex-start">
          <Title order={2} fz="lg">
            Delete account
          </Title>
          <Text size="sm" c="dimmed">
            Your profile, lists and settings go for good. People you exchanged gifts with see you as a former member.
          </Text>
          <Button color="red" onClick={() => setConfirming(true)} data-testid="account-delete">
            Delete my account
          </Button>
        </Stack>
      </Card>
      <ConfirmDialog
        opened={confirming}
        title="Delete your account?"
        message={
          <Stack gap="sm">
            <Text>This cannot be undone. Type DELETE to confirm.</Text>
            <TextInput
              label="Type DELETE"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              data-testid="account-delete-typed"
            />
          </Stack>
        }
        confirmLabel="Delete my account"
        loading={remove.isPending}
        onConfirm={() => {
          if (typed.trim() === 'DELETE') void deleteAccount();
          else toast.error('Type DELETE to confirm.');
        }}
        onCancel={() => {
          setConfirming(false);
          setTyped('');
        }}
        confirmTestId="account-delete-confirm"
      />
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
    <NotificationsTab userId={userId} />
  ) : tab === 'privacy' ? (
    <PrivacyTab userId={userId} />
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
