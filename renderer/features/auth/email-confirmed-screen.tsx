/**
 * /a/email-confirmed/ (v2.authUserSetup): where the mailed confirmation link (and the code screen)
 * ends. `?status=invalid` → the link was wrong, used or expired; otherwise a success message.
 */
import { Alert, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { CheckIcon } from '../../app/icons';
import { returnUrlFrom } from '../../auth/guard-decision';
import { useIdentity } from '../../auth/identity-provider';
import { useMe } from '../../auth/use-me';
import { href } from '../../routes/route-table';
import { AuthPage } from './auth-page';

export default function EmailConfirmedScreen() {
  const [search] = useSearchParams();
  const { identity } = useIdentity();
  const me = useMe();
  const invalid = search.get('status') === 'invalid';
  const returnUrl = returnUrlFrom(search);

  if (invalid) {
    return (
      <AuthPage title="This link did not work" testId="email-confirmed-screen">
        <Alert color="red" variant="light" data-testid="email-confirm-invalid">
          The confirmation link is not valid any more: it may have expired or been used already.
        </Alert>
        {identity ? (
          <Button
            component={Link}
            to={href('v2.auth.codeConfirm')}
            size="md"
            fullWidth
            data-testid="email-confirm-code"
          >
            Confirm with a code instead
          </Button>
        ) : (
          <Button component={Link} to={href('v2.authLogin')} size="md" fullWidth data-testid="email-confirm-log-in">
            Log in to get a new code
          </Button>
        )}
      </AuthPage>
    );
  }

  return (
    <AuthPage title="Your e-mail is confirmed" testId="email-confirmed-screen">
      <Stack align="center" gap="sm" data-testid="email-confirmed-success">
        <ThemeIcon size={64} radius="xl" color="green" variant="light" aria-hidden>
          <CheckIcon size={32} strokeWidth={2.5} />
        </ThemeIcon>
        <Text ta="center">
          Thanks{me.data?.firstName ? `, ${me.data.firstName}` : ''}!{' '}
          {me.data?.email ? <strong>{me.data.email}</strong> : 'Your address'} is confirmed. You will get exchange
          invitations and reminders there.
        </Text>
      </Stack>
      <Button
        component={Link}
        to={identity ? returnUrl : href('v2.authLogin', null, { returnurl: returnUrl })}
        size="md"
        fullWidth
        data-testid="email-confirmed-continue"
      >
        {identity ? 'Continue' : 'Log in'}
      </Button>
    </AuthPage>
  );
}
