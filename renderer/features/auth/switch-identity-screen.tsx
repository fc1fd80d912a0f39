/**
 * /switch-identity/ (v2.switchIdentity, guard 'changesIdentity': no identity check before it).
 * - With `?uid=` (from GET /auth/v2/switch/): shows that account and asks; the button switches
 *   (POST /auth/v2/switch/), stores the new tokens and goes to the safe returnurl.
 * - Without: lists the accounts this person may switch to (auth.switchTargets).
 */
import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { logInAddress, returnUrlFrom } from '../../auth/guard-decision';
import { useIdentity } from '../../auth/identity-provider';
import { useSwitchIdentity } from '../../auth/use-switch-identity';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { AccountSummary } from './account-list';
import { AuthPage } from './auth-page';

/**
 * With `?uid=`: which account, and a button. Nothing is sent when the page opens (a link from
 * another site must not switch anybody); only the button's same-site POST does.
 */
function SwitchConfirm({ uid, returnUrl }: { uid: string; returnUrl: string }) {
  const { identity, isReady } = useIdentity();
  const targets = trpc.auth.switchTargets.useQuery(undefined, { enabled: isReady && identity !== null });
  const { switchTo, pendingUid, error } = useSwitchIdentity();
  const target = targets.data?.find((candidate) => candidate.userId === uid);

  if (isReady && !identity) return <LogInFirst />;

  return (
    <AuthPage
      title="Switch account"
      testId="switch-identity-screen"
      footer={
        <Anchor component={Link} to={returnUrl} size="sm" data-testid="switch-cancel">
          Cancel
        </Anchor>
      }
    >
      {error ? (
        <Alert color="red" variant="light" role="alert" data-testid="switch-error">
          {error}
        </Alert>
      ) : null}
      {targets.isError ? (
        <Alert color="red" variant="light" role="alert">
          {targets.error.message}
        </Alert>
      ) : !targets.data ? (
        <Skeleton h={64} radius="md" />
      ) : !target ? (
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert" data-testid="switch-error">
            You cannot switch to that account.
          </Alert>
          <Button component={Link} to={href('v2.switchIdentity')} variant="default" fullWidth>
            Choose an account
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Card withBorder radius="md" padding="md" data-testid="switch-target">
            <AccountSummary name={target.name} detail={target.email ?? undefined} pictureUrl={target.pictureUrl} />
          </Card>
          {target.isCurrent ? (
            <Alert color="green" variant="light" data-testid="switch-current">
              This is the account you are using now.
            </Alert>
          ) : (
            <Button
              size="md"
              fullWidth
              loading={pendingUid === uid}
              onClick={() => void switchTo(uid, returnUrl)}
              data-testid="switch-confirm"
            >
              Switch to {target.name}
            </Button>
          )}
        </Stack>
      )}
    </AuthPage>
  );
}

function LogInFirst() {
  return (
    <AuthPage title="Switch account" testId="switch-identity-screen">
      <Text ta="center" c="dimmed">
        Log in first to switch between your accounts.
      </Text>
      <Button component={Link} to={logInAddress({ pathname: href('v2.switchIdentity') })} size="md" fullWidth>
        Log in
      </Button>
    </AuthPage>
  );
}

function SwitchList({ returnUrl }: { returnUrl: string }) {
  const { identity, isReady } = useIdentity();
  const targets = trpc.auth.switchTargets.useQuery(undefined, { enabled: isReady && identity !== null });
  const { switchTo, pendingUid, error } = useSwitchIdentity();

  if (isReady && !identity) return <LogInFirst />;

  const list = targets.data ?? [];
  // From a child's account the way back to the manager says so; every other button names its account.
  const inChild = list.some((target) => target.isCurrent && target.relation === 'child');
  return (
    <AuthPage
      title="Switch account"
      subtitle="Accounts that share your e-mail address."
      testId="switch-identity-screen"
      width={520}
      footer={
        <Anchor component={Link} to={returnUrl} size="sm">
          Cancel
        </Anchor>
      }
    >
      {error ? (
        <Alert color="red" variant="light" role="alert" data-testid="switch-error">
          {error}
        </Alert>
      ) : null}
      {targets.isError ? (
        <Alert color="red" variant="light">
          {targets.error.message}
        </Alert>
      ) : !targets.data ? (
        <Stack gap="sm">
          <Skeleton h={64} radius="md" />
          <Skeleton h={64} radius="md" />
        </Stack>
      ) : list.length === 0 ? (
        <Alert color="gray" variant="light" data-testid="switch-nothing">
          There is no other account to switch to.
        </Alert>
      ) : (
        <Stack gap="sm" data-testid="switch-targets">
          {list.map((target) => (
            <Card key={target.userId} withBorder radius="md" padding="md" data-testid="switch-target">
              <Group justify="space-between" wrap="nowrap">
                <AccountSummary
                  name={target.name}
                  detail={target.email ?? undefined}
                  pictureUrl={target.pictureUrl}
                  badge={
                    target.relation === 'root' ? (
                      <Badge size="xs" variant="light">
                        Main
                      </Badge>
                    ) : null
                  }
                />
                {target.isCurrent ? (
                  <Badge color="green" variant="light" data-testid="switch-current">
                    Current
                  </Badge>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    loading={pendingUid === target.userId}
                    disabled={pendingUid !== null}
                    onClick={() => void switchTo(target.userId, returnUrl)}
                    data-testid="switch-to"
                  >
                    {inChild && target.relation === 'root' ? `Back to ${target.name}` : `Switch to ${target.name}`}
                  </Button>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </AuthPage>
  );
}

export default function SwitchIdentityScreen() {
  const [search] = useSearchParams();
  const uid = search.get('uid');
  const returnUrl = returnUrlFrom(search);
  return uid ? <SwitchConfirm key={uid} uid={uid} returnUrl={returnUrl} /> : <SwitchList returnUrl={returnUrl} />;
}
