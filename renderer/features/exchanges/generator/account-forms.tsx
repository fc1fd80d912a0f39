/**
 * The generator's account step for visitors: sign up (name, e-mail, password) or log in, through
 * the same /auth/v2 client the auth screens use (`useIdentity().api`), checked with the auth
 * screens' schemas; and the six-digit code mailed after sign-up (POST /auth/v2/confirm-code/).
 * The tokens are stored at once, so the draft's exchange is created as the new member.
 */
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  PasswordInput,
  PinInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { authErrorMessage, isAuthRequestError } from '../../../auth/api';
import { useIdentity } from '../../../auth/identity-provider';
import { EmailInput, FormFailure } from '../../../kit/form-parts';
import { useSchemaForm } from '../../../kit/forms';
import { href } from '../../../routes/route-table';
import { ZLogInForm, ZSignUpForm } from '../../auth/form-errors';

function SignUpFields({ onSignedUp, submitLabel }: { onSignedUp: () => Promise<void>; submitLabel: string }) {
  const { api, setTokens } = useIdentity();
  const form = useSchemaForm(ZSignUpForm, { name: '', email: '', password: '' }, async (values) => {
    const answer = await api.signUp({
      ...values,
      name: values.name.trim(),
      email: values.email.trim(),
      // The form says that creating the account accepts the terms, and links them.
      acceptTerms: true,
    });
    setTokens(answer.accessToken, answer.auditToken);
    await onSignedUp();
  });
  return (
    <form noValidate onSubmit={form.onSubmit} data-testid="generator-sign-up-form">
      <Stack gap="md">
        <TextInput label="Your name" autoComplete="name" {...form.field('name')} data-testid="generator-sign-up-name" />
        <EmailInput size="sm" {...form.field('email')} data-testid="generator-sign-up-email" />
        <PasswordInput
          label="Password"
          description="At least 4 characters"
          autoComplete="new-password"
          {...form.field('password')}
          data-testid="generator-sign-up-password"
        />
        <FormFailure message={form.failure} testId="generator-account-failure" />
        <Button type="submit" loading={form.busy} data-testid="generator-sign-up-submit">
          {submitLabel}
        </Button>
        <Text size="xs" c="dimmed">
          By creating an account you accept our{' '}
          <Anchor href={href('v2.terms')} target="_blank" rel="noopener" underline="always" inherit>
            terms of service
          </Anchor>
          .
        </Text>
      </Stack>
    </form>
  );
}

function LogInFields({ onLoggedIn, submitLabel }: { onLoggedIn: () => Promise<void>; submitLabel: string }) {
  const { api, setTokens } = useIdentity();
  const form = useSchemaForm(ZLogInForm, { email: '', password: '' }, async (values) => {
    const tokens = await api.logIn({ email: values.email.trim(), password: values.password });
    setTokens(tokens.accessToken, tokens.auditToken);
    await onLoggedIn();
  });
  return (
    <form noValidate onSubmit={form.onSubmit} data-testid="generator-log-in-form">
      <Stack gap="md">
        <EmailInput size="sm" {...form.field('email')} data-testid="generator-log-in-email" />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...form.field('password')}
          data-testid="generator-log-in-password"
        />
        <FormFailure message={form.failure} testId="generator-account-failure" />
        <Button type="submit" loading={form.busy} data-testid="generator-log-in-submit">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** Sign up or log in, then `onSignedUp` / `onLoggedIn` (the new member is signed in by then). */
export function AccountForms({
  onSignedUp,
  onLoggedIn,
  signUpLabel,
  logInLabel,
}: {
  onSignedUp: () => Promise<void>;
  onLoggedIn: () => Promise<void>;
  signUpLabel: string;
  logInLabel: string;
}) {
  const [mode, setMode] = useState<'signUp' | 'logIn'>('signUp');
  return (
    <Stack gap="md">
      <SegmentedControl
        fullWidth
        value={mode}
        onChange={(value) => setMode(value === 'logIn' ? 'logIn' : 'signUp')}
        data={[
          { label: 'I am new here', value: 'signUp' },
          { label: 'I have an account', value: 'logIn' },
        ]}
        aria-label="New or returning member"
        data-testid="generator-account-mode"
      />
      {mode === 'signUp' ? (
        <SignUpFields onSignedUp={onSignedUp} submitLabel={signUpLabel} />
      ) : (
        <LogInFields onLoggedIn={onLoggedIn} submitLabel={logInLabel} />
      )}
    </Stack>
  );
}

function codeFailure(error: unknown): string {
  if (isAuthRequestError(error) && error.status === 410) return 'This code has expired. Ask for a new one below.';
  if (isAuthRequestError(error) && error.status === 400 && !error.message) return 'That code is not right.';
  return authErrorMessage(error);
}

/** The six digits from the e-mail; a complete code is sent at once. `onConfirmed` runs after. */
export function ConfirmCodeForm({
  email,
  onConfirmed,
  submitLabel,
}: {
  email: string | null;
  onConfirmed: () => Promise<void>;
  submitLabel: string;
}) {
  const { api, setTokens } = useIdentity();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [resendState, setResendState] = useState<'idle' | 'sending' | 'sent'>('idle');

  async function send(value: string): Promise<void> {
    if (busy) return;
    if (!/^\d{6}$/.test(value)) {
      setFailure('Enter the six-digit code from the e-mail.');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const tokens = await api.confirmCode(value);
      setTokens(tokens.accessToken, tokens.auditToken);
      await onConfirmed();
    } catch (error) {
      setFailure(codeFailure(error));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  async function resend(): Promise<void> {
    setResendState('sending');
    setFailure(null);
    try {
      await api.resendCode();
      setResendState('sent');
    } catch (error) {
      setFailure(authErrorMessage(error));
      setResendState('idle');
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void send(code);
      }}
      data-testid="generator-code-form"
    >
      <Stack gap="md">
        <Text>
          We sent a six-digit code to{' '}
          <Text span fw={700} data-testid="generator-code-email">
            {email ?? 'your e-mail address'}
          </Text>
          .
        </Text>
        <FormFailure message={failure} testId="generator-code-failure" />
        {resendState === 'sent' ? (
          <Alert color="green" variant="light" data-testid="generator-code-resent">
            A new code is on its way. It replaces the old one.
          </Alert>
        ) : null}
        <Center>
          <PinInput
            length={6}
            type="number"
            size="lg"
            oneTimeCode
            value={code}
            onChange={setCode}
            onComplete={(value) => void send(value)}
            disabled={busy}
            aria-label="Confirmation code"
            data-testid="generator-code-input"
          />
        </Center>
        <Button type="submit" loading={busy} data-testid="generator-code-submit">
          {submitLabel}
        </Button>
        <Group justify="center" gap={6}>
          <Text size="sm" c="dimmed">
            Nothing arrived?
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={resendState === 'sending'}
            onClick={() => void resend()}
            data-testid="generator-code-resend"
          >
            {resendState === 'sending' ? 'Sending…' : 'Send a new code'}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
