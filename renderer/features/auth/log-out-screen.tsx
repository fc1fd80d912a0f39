/**
 * /a/log-out/ (v2.auth.logOut): where GET /auth/v2/logout/ lands. A navigation (a link, possibly
 * from another site) never logs anybody out; this screen asks, and only its button sends the
 * same-site POST /auth/v2/logout/. Afterwards it goes to the safe `returnurl` (the landing page by
 * default).
 */
import { Anchor, Button, Skeleton, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { useAppNavigate } from '../../routes/app-navigate';
import { returnUrlFrom } from '../../auth/guard-decision';
import { useIdentity } from '../../auth/identity-provider';
import { meLabel, useMe } from '../../auth/use-me';
import { href } from '../../routes/route-table';
import { AuthPage } from './auth-page';

export default function LogOutScreen() {
  const { identity, isReady, logout } = useIdentity();
  const me = useMe();
  const navigate = useAppNavigate();
  const [search] = useSearchParams();
  const afterwards = returnUrlFrom(search, href('v2.landing'));
  const [pending, setPending] = useState(false);

  async function confirm(): Promise<void> {
    setPending(true);
    // Never fails: when the server cannot be reached, this tab forgets the sign-in all the same.
    await logout();
    await navigate(afterwards, { replace: true });
  }

  if (!isReady) {
    return (
      <AuthPage title="Log out" testId="log-out-screen">
        <Skeleton h={36} radius="md" />
      </AuthPage>
    );
  }

  if (!identity) {
    return (
      <AuthPage title="You are logged out" testId="log-out-screen">
        <Text ta="center" c="dimmed" data-testid="log-out-done">
          Nobody is signed in on this browser.
        </Text>
        <Button component={Link} to={href('v2.authLogin')} size="md" fullWidth>
          Log in
        </Button>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title="Log out?"
      // The line is there before the name arrives, so the button below it never moves (a click
      // aimed at it while the name came in landed on the line instead).
      subtitle={me.data ? `You are signed in as ${meLabel(me.data)}.` : 'You are signed in.'}
      testId="log-out-screen"
      footer={
        <Anchor component={Link} to={returnUrlFrom(search)} size="sm" data-testid="log-out-cancel">
          Stay signed in
        </Anchor>
      }
    >
      <Button size="md" fullWidth loading={pending} onClick={() => void confirm()} data-testid="logout-confirm">
        Log out
      </Button>
    </AuthPage>
  );
}
