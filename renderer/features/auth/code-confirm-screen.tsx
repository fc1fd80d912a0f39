/**
 * /a/code-confirm/ (v2.auth.codeConfirm), signed-in only: the six-digit code mailed after sign-up.
 * A complete code is sent at once; a new code can be requested. On success the new tokens (now
 * e-mail registered) are stored and the e-mail-confirmed screen follows.
 */
import { Alert, Anchor, Button, Center, Group, PinInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { useAppNavigate } from '../../routes/app-navigate';
import { authErrorMessage, isAuthRequestError } from '../../auth/api';
import { returnUrlFrom } from '../../auth/guard-decision';
import { useIdentity } from '../../auth/identity-provider';
import { useMe } from '../../auth/use-me';
import { href } from '../../routes/route-table';
import { AuthPage } from './auth-page';

const CODE_LENGTH = 6;

interface TCodeError {
  message: string;
  /** A new code is the way on (wrong or expired): the alert offers to send one. */
  offerNew: boolean;
}

function codeError(error: unknown): TCodeError {
  if (isAuthRequestError(error) && error.status === 410)
    return {
      message: 'This code has expired or was tried too many times. Send yourself a new one.',
      offerNew: true,
    };
  if (isAuthRequestError(error) && error.status === 400)
    // The server says how many tries are left ("That code is not right: 4 tries left").
    return {
      message: `${error.message || 'That code is not right'}. Check the e-mail or send a new code.`,
      offerNew: true,
    };
  return { message: authErrorMessage(error), offerNew: false };
}

/** Signed-in only: the route table guards it. */
export default function CodeConfirmScreen() {
  const { api, setTokens } = useIdentity();
  const me = useMe();
  const navigate = useAppNavigate();
  const [search] = useSearchParams();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<TCodeError | null>(null);
  // The code the server just refused: kept in the boxes to check, not sent again unchanged.
  const [refused, setRefused] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [resending, setResending] = useState(false);
  const returnUrl = returnUrlFrom(search);

  async function confirm(value: string): Promise<void> {
    if (busy || (value === refused && error)) return;
    if (!/^\d{6}$/.test(value)) {
      setError({ message: 'Enter all six digits of the code from the e-mail.', offerNew: false });
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
      setRefused(value);
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
      setCode('');
      setRefused(null);
    } catch (failure) {
      setError({ message: authErrorMessage(failure), offerNew: false });
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
              <Stack gap={6} align="flex-start">
                <Text size="sm">{error.message}</Text>
                {error.offerNew ? (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => void resend()}
                    loading={resending}
                    data-testid="code-error-resend"
                  >
                    Send me a new code
                  </Button>
                ) : null}
              </Stack>
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
              onChange={(value) => {
                setCode(value);
                if (value !== refused) setRefused(null);
              }}
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
