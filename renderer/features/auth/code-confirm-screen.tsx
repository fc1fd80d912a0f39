/**
 * /a/code-confirm/ (v2.auth.codeConfirm), signed-in only: the six-digit code mailed after sign-up.
 * A complete code is sent at once; a new code can be requested. On success the new tokens (now
 * e-mail registered) are stored and the e-mail-confirmed screen follows.
 */
import { Alert, Anchor, Button, Center, Group, PinInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authErrorMessage, isAuthRequestError } from '../../auth/api';
import { returnUrlFrom } from '../../auth/guard-decision';
import { useIdentity } from '../../auth/identity-provider';
import { useMe } from '../../auth/use-me';
import { href } from '../../routes/route-table';
import { AuthPage } from './auth-page';

const CODE_LENGTH = 6;

function codeError(error: unknown): string {
  if (isAuthRequestError(error) && error.status === 410) return 'This code has expired. Send yourself a new one below.';
  if (isAuthRequestError(error) && error.status === 400 && !error.message) return 'That code is not right.';
  return authErrorMessage(error);
}

/** Signed-in only: the route table guards it. */
export default function CodeConfirmScreen() {
  const { api, setTokens } = useIdentity();
  const me = useMe();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [resending, setResending] = useState(false);
  const returnUrl = returnUrlFrom(search);

  async function confirm(value: string): Promise<void> {
    if (!/^\d{6}$/.test(value)) {
      setError('Enter the six-digit code from the e-mail.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const tokens = await api.confirmCode(value);
      setTokens(tokens.accessToken, tokens.auditToken);
      await navigate(href('v2.authUserSetup', null, { returnurl: returnUrl }), { replace: true });
    } catch (failure) {
      setError(codeError(failure));
      setCode('');
      setBusy(false);
    }
  }

  async function resend(): Promise<void> {
    setResending(true);
    setError(null);
    setResent(false);
    try {
      await api.resendCode();
      setResent(true);
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setResending(false);
    }
  }

  if (me.data?.emailConfirmed) {
    return (
      <AuthPage title="Your e-mail is confirmed" subtitle={me.data.email ?? undefined} testId="code-confirm-screen">
        <Alert color="green" variant="light" data-testid="code-already-confirmed">
          There is nothing left to confirm.
        </Alert>
        <Button component={Link} to={returnUrl} size="md" fullWidth data-testid="code-continue">
          Continue
        </Button>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title="Check your e-mail"
      subtitle={
        <>
          We sent a six-digit code to{' '}
          <Text span fw={700} c="dark" data-testid="code-email">
            {me.data?.email ?? 'your e-mail address'}
          </Text>
          . Enter it below to confirm your address.
        </>
      }
      testId="code-confirm-screen"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void confirm(code);
        }}
      >
        <Stack gap="md">
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="code-error">
              {error}
            </Alert>
          ) : null}
          {resent ? (
            <Alert color="green" variant="light" data-testid="code-resent">
              We sent you a new code. It replaces the old one.
            </Alert>
          ) : null}
          <Center>
            <PinInput
              length={CODE_LENGTH}
              type="number"
              size="lg"
              oneTimeCode
              autoFocus
              value={code}
              onChange={setCode}
              onComplete={(value) => void confirm(value)}
              disabled={busy}
              aria-label="Confirmation code"
              data-testid="code-input"
            />
          </Center>
          <Button type="submit" size="md" fullWidth loading={busy} data-testid="code-submit">
            Confirm e-mail
          </Button>
          <Group justify="center" gap={6}>
            <Text size="sm" c="dimmed">
              No e-mail?
            </Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => void resend()}
              disabled={resending}
              data-testid="code-resend"
            >
              {resending ? 'Sending…' : 'Send a new code'}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthPage>
  );
}
