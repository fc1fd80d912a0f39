/**
 * /auth/reset-password/ (v2.auth.resetPassword).
 * - Without `?token=`: asks for the e-mail and always answers "If an account exists, we sent a link".
 * - With the mailed `?token=`: a new password and its repetition (same-as rule); on success the
 *   member is signed in and sent home. An expired or used link says so and offers a new one.
 */
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { useAppNavigate } from '../../routes/app-navigate';
import { isAuthRequestError } from '../../auth/api';
import { useIdentity } from '../../auth/identity-provider';
import { href } from '../../routes/route-table';
import { AuthPage } from './auth-page';
import { ZNewPasswordForm, ZResetRequestForm } from './form-errors';
import { EmailInput, FormFailure } from '../../kit/form-parts';
import { useSchemaForm } from '../../kit/forms';

export const RESET_REQUEST_SENT = 'If an account exists, we sent a link';

function BackToLogIn() {
  return (
    <Anchor component={Link} to={href('v2.authLogin')} size="sm">
      Back to log in
    </Anchor>
  );
}

function RequestLink() {
  const { api } = useIdentity();
  const [sent, setSent] = useState(false);
  const form = useSchemaForm(ZResetRequestForm, { email: '' }, async (values) => {
    await api.requestPasswordReset(values.email.trim());
    setSent(true);
  });

  if (sent) {
    return (
      <AuthPage title="Check your e-mail" testId="reset-password-screen" footer={<BackToLogIn />}>
        <Alert color="green" variant="light" title={RESET_REQUEST_SENT} data-testid="reset-request-sent">
          The link works once and expires soon. If nothing arrives, check your spam folder or try again.
        </Alert>
        <Button variant="default" size="md" fullWidth onClick={() => setSent(false)} data-testid="reset-request-again">
          Use another e-mail
        </Button>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title="Forgot your password?"
      subtitle="Enter your e-mail and we will send you a link to choose a new one."
      testId="reset-password-screen"
      footer={<BackToLogIn />}
    >
      <form noValidate onSubmit={form.onSubmit} data-testid="reset-request-form">
        <Stack gap="md">
          <FormFailure message={form.failure} testId="reset-error" />
          <EmailInput {...form.field('email')} data-testid="reset-email" />
          <Button type="submit" size="md" fullWidth loading={form.busy} data-testid="reset-request-submit">
            Send me a link
          </Button>
        </Stack>
      </form>
    </AuthPage>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  const { api, setTokens } = useIdentity();
  const navigate = useAppNavigate();
  const [expired, setExpired] = useState(false);
  const form = useSchemaForm(
    ZNewPasswordForm,
    { password: '', repeat: '' },
    async (values) => {
      const tokens = await api.resetPassword({ token, password: values.password });
      setTokens(tokens.accessToken, tokens.auditToken);
      await navigate(href('v2.home'), { replace: true });
    },
    (error) => setExpired(isAuthRequestError(error) && (error.status === 410 || error.status === 404)),
  );

  return (
    <AuthPage
      title="Choose a new password"
      subtitle="Your other sign-ins end when the password changes."
      testId="reset-password-screen"
      footer={<BackToLogIn />}
    >
      <form noValidate onSubmit={form.onSubmit} data-testid="reset-password-form">
        <Stack gap="md">
          <FormFailure message={form.failure} testId="reset-error">
            {expired ? (
              <>
                {' '}
                <Anchor component={Link} to={href('v2.auth.resetPassword')} size="sm" data-testid="reset-ask-again">
                  Ask for a new link
                </Anchor>
              </>
            ) : null}
          </FormFailure>
          <PasswordInput
            label="New password"
            description="At least 4 characters"
            autoComplete="new-password"
            size="md"
            {...form.field('password')}
            data-testid="reset-new-password"
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            size="md"
            {...form.field('repeat')}
            data-testid="reset-repeat-password"
          />
          <Button type="submit" size="md" fullWidth loading={form.busy} data-testid="reset-password-submit">
            Save and log in
          </Button>
        </Stack>
      </form>
    </AuthPage>
  );
}

export default function ResetPasswordScreen() {
  const [search] = useSearchParams();
  const token = search.get('token');
  // A new token (another mailed link) starts a fresh form.
  return token ? <ChooseNewPassword key={token} token={token} /> : <RequestLink />;
}
