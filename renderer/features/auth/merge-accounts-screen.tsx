/**
 * /auth/merge-accounts/ (v2.mergeAccounts, guard 'known'): pick a related account (or `?uid=`),
 * prove it with its password when it has one, confirm, and merge it into this account
 * (auth.mergeAccounts). The merged account is closed and its sign-ins end.
 */
import { Alert, Anchor, Button, Group, PasswordInput, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { EmailProofRequired, RelatedAccountSummary } from './account-list';
import { useMe } from '../../auth/use-me';
import { AuthPage } from './auth-page';
import { serverFieldErrors } from './form-errors';
import { VALIDATION_MESSAGES } from '../../../server/contracts/messages';

export default function MergeAccountsScreen() {
  const [search] = useSearchParams();
  const utils = trpc.useUtils();
  // One page holds them all in practice: a handful of accounts ever share an e-mail.
  const me = useMe();
  const proven = me.data?.emailProven === true;
  const related = trpc.auth.relatedAccounts.useQuery({ limit: 100 }, { enabled: proven });
  const [chosen, setChosen] = useState<string | null>(search.get('uid'));
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [mergedName, setMergedName] = useState<string | null>(null);
  const merge = trpc.auth.mergeAccounts.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.auth.relatedAccounts.invalidate(), utils.auth.switchTargets.invalidate()]);
    },
  });

  const accounts = related.data?.items ?? [];
  const selected = accounts.find((account) => account.userId === chosen) ?? null;

  function askToConfirm(): void {
    if (!selected) return;
    if (selected.isRegistered && password.length === 0) {
      setPasswordError(VALIDATION_MESSAGES.required);
      return;
    }
    setPasswordError(null);
    setConfirming(true);
  }

  function runMerge(): void {
    if (!selected) return;
    const name = selected.name;
    merge.mutate(
      { otherUserId: selected.userId, ...(selected.isRegistered ? { password } : {}) },
      {
        onSuccess: () => {
          setConfirming(false);
          setMergedName(name);
          setChosen(null);
          setPassword('');
        },
        onError: (error) => {
          setConfirming(false);
          setPasswordError(serverFieldErrors(error).password ?? null);
        },
      },
    );
  }

  return (
    <AuthPage
      title="Merge accounts"
      subtitle="Bring a related account into this one. It is closed afterwards."
      testId="merge-accounts-screen"
      width={560}
      footer={
        <Anchor component={Link} to={href('v2.relatedAccounts')} size="sm">
          Back to related accounts
        </Anchor>
      }
    >
      {mergedName ? (
        <Alert color="green" variant="light" title="Accounts merged" data-testid="merge-success">
          {mergedName} is now part of this account.
        </Alert>
      ) : null}
      {merge.isError && !passwordError ? (
        <Alert color="red" variant="light" role="alert" data-testid="merge-error">
          {merge.error.message}
        </Alert>
      ) : null}

      {me.data && !proven ? (
        <EmailProofRequired isRegistered={me.data.flags.isRegistered} />
      ) : related.isPending ? (
        <Stack gap="sm">
          <Skeleton h={64} radius="md" />
          <Skeleton h={64} radius="md" />
        </Stack>
      ) : related.isError ? (
        <Alert color="red" variant="light">
          {related.error.message}
        </Alert>
      ) : accounts.length === 0 ? (
        <Alert color="gray" variant="light" data-testid="merge-nothing">
          No other account uses your e-mail address, so there is nothing to merge.
        </Alert>
      ) : (
        <Stack gap="md">
          <Radio.Group
            value={chosen}
            onChange={setChosen}
            label="Account to merge into this one"
            data-testid="merge-choices"
          >
            <Stack gap="xs" mt="xs">
              {accounts.map((account) => (
                <Radio.Card key={account.userId} value={account.userId} radius="md" p="md" data-testid="merge-choice">
                  <Group wrap="nowrap" gap="md">
                    <Radio.Indicator />
                    <RelatedAccountSummary account={account} registeredLabel="Has a password" />
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
          {selected?.isRegistered ? (
            <PasswordInput
              label={`Password of ${selected.name}`}
              description="To prove the other account is yours."
              autoComplete="off"
              size="md"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={passwordError}
              data-testid="merge-password"
            />
          ) : null}
          <Button size="md" fullWidth disabled={!selected} onClick={askToConfirm} data-testid="merge-submit">
            Merge accounts
          </Button>
        </Stack>
      )}

      <ConfirmDialog
        opened={confirming}
        title="Merge these accounts?"
        message={
          <Text size="sm">
            <strong>{selected?.name}</strong> will be closed and its sign-ins end. Its social log-ins move to this
            account. This cannot be undone.
          </Text>
        }
        confirmLabel="Merge"
        loading={merge.isPending}
        onConfirm={runMerge}
        onCancel={() => setConfirming(false)}
        confirmTestId="merge-confirm"
      />
    </AuthPage>
  );
}
