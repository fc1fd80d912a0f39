/**
 * The parts of an account that the member's own settings (/settings/…) and a family manager's
 * screen for a child account (/profile/:childId/?manage=…) share: the profile form (the spec's §5
 * messages beside each field), the picture, the mailing address, privacy, the notification switches
 * and closing the account. Each part works on one account by its userId, named by a subject: the
 * signed-in member's own, or a child account its manager changes from their own account (the server
 * refuses privacy and closing to a manager switched into the child: those stay the manager's).
 *
 * Local edits are optimistic (spec §4): the profile, the picture and each switch show the new value
 * at once and go back, with a toast, when the save fails.
 */
import { Alert, Button, Card, Group, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { GENDERS } from '../../../server/contracts/enums';
import { displayName, shortDisplayName } from '../../../server/contracts/identity';
import {
  ZMailingAddress,
  ZProfilePatch,
  type TMailingAddressOut,
  type TProfile,
  type TSettings,
} from '../../../server/contracts/people';
import { PICTURE_MAX_BYTES, PICTURE_TYPES } from '../../../server/contracts/people-values';
import { statusOf } from '../../app/runtime/app-runtime';
import { useAppRuntime } from '../../app/runtime-context';
import { useIdentity } from '../../auth/identity-provider';
import { useSwitchIdentity } from '../../auth/use-switch-identity';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { CountrySelect } from '../../kit/country-select';
import { FormFailure } from '../../kit/form-parts';
import { serverFieldErrors, useSchemaForm } from '../../kit/forms';
import { QueryView } from '../../kit/query-view';
import { SelectField } from '../../kit/select-field';
import { SaveStatus, type TSaveStatus } from '../../kit/save-status';
import { ListSkeleton, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { trpc } from '../../trpc';
import { manageHref, type TManageTab } from '../family/manage-child-route';
import { BirthdayInputs } from '../people/birthday-inputs';
import { birthdayField, birthdayInput } from '../people/birthdays';
import { PersonAvatar } from '../../kit/person-avatar';
import {
  NOTIFICATION_SETTINGS,
  NotificationSwitches,
  childNotificationSettings,
  type TEmailSettingKey,
} from './notification-settings';

/** Whose account a part changes: the signed-in member's own, or a child's, by its family manager. */
export type TAccountSubject =
  | { kind: 'self'; userId: string }
  | {
      kind: 'child';
      userId: string;
      /** The child's first name, for the words ("Mia’s profile is saved"). */
      name: string;
      /** The signed-in family manager (whose list of children shows the child too). */
      managerId: string;
    };

/** What a child account is called in the words of its manager's screen: its first name. */
export function firstNameOf(profile: Pick<TProfile, 'firstName' | 'displayName'>): string {
  return profile.firstName?.trim() || profile.displayName;
}

/** "Your" or "Mia’s". */
export function whose(subject: TAccountSubject): string {
  return subject.kind === 'self' ? 'Your' : `${subject.name}’s`;
}

/** "your" or "Mia’s". */
function whoseInText(subject: TAccountSubject): string {
  return subject.kind === 'self' ? 'your' : `${subject.name}’s`;
}

type TToast = ReturnType<typeof useToast>;

/** A failed call's toast; a 403 already has the shell's own (docs/screens.md §5). */
function toastFailure(toast: TToast, error: unknown, title: string): void {
  if (statusOf(error) === 403) return;
  toast.error(errorText(error), title);
}

/** After a change to the account's name or picture, what shows it besides people.get. */
function useRefreshAccount(subject: TAccountSubject) {
  const utils = trpc.useUtils();
  return async (): Promise<void> => {
    const key = { userId: subject.userId };
    await Promise.all(
      subject.kind === 'self'
        ? [utils.people.get.invalidate(key), utils.auth.me.invalidate()]
        : [
            utils.people.get.invalidate(key),
            utils.people.children.invalidate({ userId: subject.managerId }),
            utils.auth.switchTargets.invalidate(),
          ],
    );
  };
}

/**
 * Writes `change` into the cached profile (and the manager's cached list of children) at once;
 * returns what puts both back.
 */
function useWriteProfile(subject: TAccountSubject) {
  const utils = trpc.useUtils();
  return (change: (profile: TProfile) => TProfile): (() => void) => {
    const key = { userId: subject.userId };
    const previous = utils.people.get.getData(key);
    if (previous) utils.people.get.setData(key, change(previous));
    if (subject.kind === 'self') return () => utils.people.get.setData(key, previous);
    const listKey = { userId: subject.managerId };
    const previousList = utils.people.children.getData(listKey);
    if (previousList) {
      utils.people.children.setData(
        listKey,
        previousList.map((child) => {
          if (child.userId !== subject.userId || !previous) return child;
          const next = change(previous);
          return {
            ...child,
            displayName: next.displayName,
            shortName: next.shortName,
            pictureUrl: next.pictureUrl,
            birthday: next.birthday,
          };
        }),
      );
    }
    return () => {
      utils.people.get.setData(key, previous);
      utils.people.children.setData(listKey, previousList);
    };
  };
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

/** The profile as the patch sends it; a child account's form has no username. */
function profileInput(values: TProfileValues, withUsername: boolean) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    ...(withUsername ? { username: values.username } : {}),
    birthday: birthdayInput(values.birthdayMonth, values.birthdayDay),
    gender: values.gender,
  };
}

/** The profile as it will read once the patch is saved (what the patch leaves out is kept). */
function patchedProfile(profile: TProfile, input: ReturnType<typeof profileInput>): TProfile {
  const parsed = ZProfilePatch.safeParse(input);
  if (!parsed.success) return profile;
  const patch = parsed.data;
  const names = {
    firstName: patch.firstName ?? profile.firstName,
    lastName: patch.lastName ?? profile.lastName,
    name: profile.name,
  };
  const month = patch.birthday?.month;
  const day = patch.birthday?.day;
  return {
    ...profile,
    firstName: names.firstName,
    lastName: names.lastName,
    displayName: displayName(names),
    shortName: shortDisplayName(names),
    username: patch.username ?? profile.username,
    gender: patch.gender ?? profile.gender,
    birthday: month && day ? { month, day } : profile.birthday,
  };
}

export function ProfileForm({ profile, subject }: { profile: TProfile; subject: TAccountSubject }) {
  const toast = useToast();
  const patch = trpc.people.patch.useMutation();
  const writeProfile = useWriteProfile(subject);
  const refresh = useRefreshAccount(subject);
  const withUsername = subject.kind === 'self';
  const toInput = (values: TProfileValues) => profileInput(values, withUsername);
  const form = useSchemaForm(
    ZProfilePatch,
    profileValues(profile),
    async (values) => {
      const input = toInput(values);
      const undo = writeProfile((current) => patchedProfile(current, input));
      let saved: TProfile;
      try {
        saved = await patch.mutateAsync({ userId: subject.userId, profile: input });
      } catch (error) {
        undo();
        throw error;
      }
      // Named as saved: "Tessa’s profile is saved" once Tess is renamed Tessa.
      const named = subject.kind === 'child' ? { ...subject, name: firstNameOf(saved) } : subject;
      toast.success(`${whose(named)} profile is saved`);
      await refresh();
    },
    (error) => {
      // Field errors show beside their fields; anything else also gets a toast.
      if (Object.keys(serverFieldErrors(error)).length === 0) toastFailure(toast, error, 'Could not save the profile');
    },
    { toInput, fieldOf: birthdayField },
  );
  const { field, values, set } = form;

  return (
    <form noValidate onSubmit={form.onSubmit} data-testid="profile-form">
      <Stack gap="md">
        <Group grow align="flex-start">
          <TextInput
            label="First name"
            autoComplete={withUsername ? 'given-name' : 'off'}
            {...field('firstName')}
            data-testid="profile-first-name"
          />
          <TextInput
            label="Last name"
            autoComplete={withUsername ? 'family-name' : 'off'}
            {...field('lastName')}
            data-testid="profile-last-name"
          />
        </Group>
        {withUsername ? (
          <TextInput
            label="Username"
            autoComplete="username"
            description="Friends can find you by it."
            {...field('username')}
            data-testid="profile-username-input"
          />
        ) : null}
        <BirthdayInputs
          month={field('birthdayMonth')}
          day={field('birthdayDay')}
          onChange={set}
          testIdPrefix="profile"
        />
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

function readAsDataUrl(file: File): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

export function PictureCard({ profile, subject }: { profile: TProfile; subject: TAccountSubject }) {
  const { requester } = useAppRuntime();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const remove = trpc.people.removePicture.useMutation();
  const writeProfile = useWriteProfile(subject);
  const refresh = useRefreshAccount(subject);
  const label = subject.kind === 'self' ? 'Profile picture' : `Profile picture of ${subject.name}`;

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
    // The chosen picture shows at once; the server's square copy replaces it once saved.
    const preview = await readAsDataUrl(file);
    const undo = preview ? writeProfile((current) => ({ ...current, pictureUrl: preview })) : () => undefined;
    try {
      await requester.request({
        method: 'PUT',
        url: `/v1/users/${encodeURIComponent(subject.userId)}/picture`,
        body: file,
        headers: { 'content-type': file.type },
      });
      toast.success(`${whose(subject)} picture is saved`);
      await refresh();
    } catch (error) {
      undo();
      toastFailure(toast, error, 'Could not save the picture');
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  async function removePicture(): Promise<void> {
    const undo = writeProfile((current) => ({ ...current, pictureUrl: null }));
    try {
      await remove.mutateAsync({ userId: subject.userId });
      toast.success(`${whose(subject)} picture is removed`);
      await refresh();
    } catch (error) {
      undo();
      toastFailure(toast, error, 'Could not remove the picture');
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
          aria-label={label}
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
              disabled={uploading}
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

// ---- Mailing address ----

type TAddressValues = Record<'address1' | 'address2' | 'city' | 'state' | 'postalCode' | 'country', string>;

function AddressForm({ subject, address }: { subject: TAccountSubject; address: TMailingAddressOut | null }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const save = trpc.people.setMailingAddress.useMutation();
  const userId = subject.userId;
  const initial: TAddressValues = {
    address1: address?.address1 ?? '',
    address2: address?.address2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postalCode: address?.postalCode ?? '',
    country: address?.country ?? '',
  };
  const form = useSchemaForm(
    ZMailingAddress,
    initial,
    async (values) => {
      const saved = await save.mutateAsync({ userId, address: values });
      queryClient.setQueryData(['people', 'mailingAddress', userId], saved);
      toast.success(`${whose(subject)} mailing address is saved`);
    },
    (error) => {
      if (Object.keys(serverFieldErrors(error)).length === 0) toastFailure(toast, error, 'Could not save the address');
    },
  );
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
          <CountrySelect
            label="Country"
            value={form.values.country}
            error={form.errors.country}
            onChange={(value) => form.set('country', value)}
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

export function MailingAddress({ subject }: { subject: TAccountSubject }) {
  const utils = trpc.useUtils();
  const userId = subject.userId;
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
      {(loaded) => <AddressForm key={userId} subject={subject} address={loaded} />}
    </QueryView>
  );
}

/** A titled card: one section of an account's settings. */
export function SectionCard({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

// ---- What only a family manager changes ----

/**
 * Whether the member's own account is a child account (a family manager switched into it): its
 * privacy and closing are then the manager's, refused by the server here. Null while unknown.
 */
export function useIsChildSelf(subject: TAccountSubject): boolean | null {
  const profile = trpc.people.get.useQuery({ userId: subject.userId }, { enabled: subject.kind === 'self' });
  if (subject.kind !== 'self') return false;
  return profile.data ? profile.data.isChild && !profile.data.isDeleted : profile.isError ? false : null;
}

/** Said plainly in a child account's settings, with the way to the manager's screen for it. */
function ManagerOnly({ userId, what, tab }: { userId: string; what: string; tab: TManageTab }) {
  const { identity } = useIdentity();
  const toast = useToast();
  const { switchTo, pendingUid } = useSwitchIdentity({
    onError: (message) => toast.error(message, 'Could not switch accounts'),
  });
  const root = identity?.rootIdentity && identity.rootIdentity !== userId ? identity.rootIdentity : null;
  return (
    <Alert variant="light" color="gray" title="Changed by the family manager" data-testid="manager-only">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {what} is up to its family manager, from their own account: not while switched into the child.
        </Text>
        {root ? (
          <Button
            size="xs"
            variant="default"
            loading={pendingUid === root}
            onClick={() => void switchTo(root, manageHref(userId, tab))}
            data-testid="manager-only-switch"
          >
            Switch back and change it
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

// ---- Notifications and privacy ----

/**
 * Saves one setting, showing it at once and putting it back (with a toast) when the save fails.
 * `status` says whether every change has reached the server ("Saving…", then "Saved"): the switch
 * flips before the server has it, and a member who leaves the page at once should know whether
 * the change was kept.
 */
function useSettingUpdate(userId: string): { change: (patch: Partial<TSettings>) => void; status: TSaveStatus } {
  const utils = trpc.useUtils();
  const toast = useToast();
  const update = trpc.people.updateSettings.useMutation();
  // Saves still on their way (a member may flip two switches before the first answer).
  const [pending, setPending] = useState(0);
  const [saved, setSaved] = useState(false);
  const change = (patch: Partial<TSettings>): void => {
    const key = { userId };
    const previous = utils.people.settings.getData(key);
    utils.people.settings.setData(key, (current) => (current ? { ...current, ...patch } : current));
    setPending((count) => count + 1);
    setSaved(false);
    update
      .mutateAsync({ userId, settings: patch })
      .then((answer) => {
        utils.people.settings.setData(key, answer);
        void utils.people.get.invalidate({ userId });
        setSaved(true);
      })
      .catch((error: unknown) => {
        utils.people.settings.setData(key, previous);
        toastFailure(toast, error, 'Could not save the setting');
      })
      .finally(() => setPending((count) => count - 1));
  };
  return { change, status: pending > 0 ? 'saving' : saved ? 'saved' : 'idle' };
}

function SettingsSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Card withBorder radius="md" padding="lg" aria-busy="true" aria-label="Loading">
      <Stack gap="lg">
        {Array.from({ length: rows }, (_, index) => (
          <Skeleton key={index} h={28} w="60%" />
        ))}
      </Stack>
    </Card>
  );
}

export function NotificationsSection({ subject }: { subject: TAccountSubject }) {
  const settings = trpc.people.settings.useQuery({ userId: subject.userId });
  const { change, status } = useSettingUpdate(subject.userId);
  const shown = subject.kind === 'self' ? NOTIFICATION_SETTINGS : childNotificationSettings(subject.name);
  return (
    <Stack gap="md">
      <Text c="dimmed">
        {subject.kind === 'self'
          ? 'Choose which e-mails Gifting sends you. Changes are saved at once.'
          : `A child account has no e-mail address, so Gifting sends ${subject.name} no e-mails. These choose what shows in ${subject.name}’s account when you switch to it, and what others hear about ${subject.name}. Changes are saved at once.`}
      </Text>
      <QueryView query={settings} skeleton={<SettingsSkeleton rows={shown.length} />}>
        {(loaded) => (
          <NotificationSwitches
            values={loaded}
            settings={shown}
            onChange={(key: TEmailSettingKey, value) => change({ [key]: value })}
          />
        )}
      </QueryView>
      <SaveStatus status={status} />
    </Stack>
  );
}

export function PrivacySection({ subject }: { subject: TAccountSubject }) {
  const settings = trpc.people.settings.useQuery({ userId: subject.userId });
  const { change, status } = useSettingUpdate(subject.userId);
  const isChildSelf = useIsChildSelf(subject);
  const self = subject.kind === 'self';
  const name = self ? '' : subject.name;
  if (isChildSelf === null) return <SettingsSkeleton rows={2} />;
  if (isChildSelf) return <ManagerOnly userId={subject.userId} what="A child account’s privacy" tab="privacy" />;
  return (
    <QueryView query={settings} skeleton={<SettingsSkeleton rows={2} />}>
      {(loaded) => (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Switch
              label="Private profile"
              description={
                self
                  ? 'Only people you follow can see your birthday, wish lists, activity and friends. Everybody can still see your name and picture.'
                  : `Only people ${name} follows (and ${name}’s family managers) can see ${name}’s birthday, wish lists, activity and friends. Everybody can still see the name and picture.`
              }
              checked={loaded.isPrivate}
              onChange={(event) => change({ isPrivate: event.currentTarget.checked })}
              data-testid="setting-isPrivate"
            />
            <Text size="sm" c="dimmed" data-testid="privacy-state">
              {loaded.isPrivate
                ? `${whose(subject)} profile is private.`
                : `${whose(subject)} profile is public: any member can see ${self ? 'your' : `${name}’s`} wish lists and friends.`}
            </Text>
            <SaveStatus status={status} />
          </Stack>
        </Card>
      )}
    </QueryView>
  );
}

// ---- Closing the account ----

/**
 * The danger zone: closing (deleting) the account, confirmed by typing DELETE. `onDeleted` runs
 * once the server has closed it (log out, or back to the family manager).
 */
export function DeleteAccountCard({
  subject,
  onDeleted,
}: {
  subject: TAccountSubject;
  onDeleted: () => Promise<void>;
}) {
  const toast = useToast();
  const remove = trpc.people.delete.useMutation();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const isChildSelf = useIsChildSelf(subject);
  const self = subject.kind === 'self';
  const action = self ? 'Delete my account' : `Close ${subject.name}’s account`;

  function close(): void {
    setConfirming(false);
    setTyped('');
    setTypedError(null);
  }

  async function deleteAccount(): Promise<void> {
    try {
      await remove.mutateAsync({ userId: subject.userId });
      close();
      await onDeleted();
    } catch (error) {
      toastFailure(
        toast,
        error,
        self ? 'Could not delete the account' : `Could not close ${whoseInText(subject)} account`,
      );
    }
  }

  if (isChildSelf) return <ManagerOnly userId={subject.userId} what="Closing a child account" tab="account" />;
  return (
    <>
      <Card withBorder radius="md" padding="lg" data-testid="account-danger-zone">
        <Stack gap="sm" align="flex-start">
          <Title order={2} fz="lg">
            {self ? 'Delete account' : 'Close this account'}
          </Title>
          <Text size="sm" c="dimmed">
            {self
              ? 'Your profile, lists and settings go for good. People you exchanged gifts with see you as a former member.'
              : `${subject.name}’s profile, settings, follows and mailing address go for good, and you can no longer switch to ${subject.name}. People ${subject.name} exchanged gifts with see a former member.`}
          </Text>
          <Button color="red" onClick={() => setConfirming(true)} data-testid="account-delete">
            {action}
          </Button>
        </Stack>
      </Card>
      <ConfirmDialog
        opened={confirming}
        title={self ? 'Delete your account?' : `Close ${subject.name}’s account?`}
        message={
          <Stack gap="sm">
            <Text>This cannot be undone. Type DELETE to confirm.</Text>
            <TextInput
              label="Type DELETE"
              value={typed}
              error={typedError ?? undefined}
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                setTypedError(null);
              }}
              data-testid="account-delete-typed"
            />
          </Stack>
        }
        confirmLabel={action}
        loading={remove.isPending}
        onConfirm={() => {
          if (typed.trim() === 'DELETE') void deleteAccount();
          else setTypedError('Type DELETE to confirm');
        }}
        onCancel={close}
        confirmTestId="account-delete-confirm"
      />
    </>
  );
}
