/**
 * /a/log-in/ (v2.authLogin) and /a/sign-up/ (v2.authSignUp): ONE screen with a segmented control;
 * the address follows the chosen tab (the query, e.g. returnurl, is kept).
 *
 * - Fields are checked with the contracts' schemas (spec §5 messages); server field errors land on
 *   their fields; a 429 says "Too many attempts, try again in N seconds".
 * - Social buttons (auth.providers) start a full-page sign-in at /auth/v2/login/?idp=&returnurl=.
 * - After sign-up → /a/code-confirm/; after log-in → the safe returnurl, or /home/.
 * - Query: ?email= pre-fills, ?link=<token> links a social account after the log-in,
 *   ?link=expired, ?error=social, ?error=social-email-in-use and ?error=social-unverified explain what happened.
 */
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { useAppNavigate } from '../../routes/app-navigate';
import { returnUrlFrom } from '../../auth/guard-decision';
import { useIdentity } from '../../auth/identity-provider';
import { meLabel, useMe } from '../../auth/use-me';
import { decodeJwtPayload } from '../../client/identity-store';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { AuthPage } from './auth-page';
import { ZLogInForm, ZSignUpForm } from './form-errors';
import { EmailInput, FormFailure } from '../../kit/form-parts';
import { useSchemaForm } from '../../kit/forms';

type TMode = 'logIn' | 'signUp';

const MODE_ROUTE = { logIn: 'v2.authLogin', signUp: 'v2.authSignUp' } as const;

function modeOf(pathname: string): TMode {
  return pathname.startsWith(href('v2.authSignUp')) ? 'signUp' : 'logIn';
}

/** The query to carry between the tabs and on to the next screen. */
function keptQuery(search: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const key of ['returnurl', 'email', 'link']) {
    const value = search.get(key);
    if (value) kept.set(key, value);
  }
  return kept;
}

/** The provider id a pending social-link token names (its `prv` claim), if readable. */
export function pendingLinkProvider(link: string | null): string | null {
  if (!link || link === 'expired') return null;
  const claims = decodeJwtPayload(link);
  return typeof claims?.prv === 'string' ? claims.prv : null;
}

// ---------------------------------------------------------------------------------------------

function SocialButtons({ returnUrl, mode }: { returnUrl: string; mode: TMode }) {
  const providers = trpc.auth.providers.useQuery(undefined, { staleTime: 5 * 60_000 });
  const list = providers.data ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="social-buttons">
      {list.map((provider) => (
        <Button
          key={provider.id}
          component="a"
          href={href('v2.auth.endpoints.login', null, { idp: provider.id, returnurl: returnUrl })}
          variant="default"
          size="md"
          fullWidth
          data-testid={`social-${provider.id}`}
        >
          {mode === 'signUp' ? 'Sign up' : 'Continue'} with {provider.label}
        </Button>
      ))}
      <Divider label="or use your e-mail" labelPosition="center" my={4} />
    </Stack>
  );
}

/** Told just before a form stores the tokens it got, so the screen does not greet its own sign-in. */
type TOnSigningIn = () => void;

function LogInForm({ search, onSigningIn }: { search: URLSearchParams; onSigningIn: TOnSigningIn }) {
  const { api, setTokens } = useIdentity();
  const navigate = useAppNavigate();
  const link = search.get('link');
  const form = useSchemaForm(ZLogInForm, { email: search.get('email') ?? '', password: '' }, async (values) => {
    const tokens = await api.logIn({
      email: values.email.trim(),
      password: values.password,
      ...(link && link !== 'expired' ? { link } : {}),
    });
    onSigningIn();
    setTokens(tokens.accessToken, tokens.auditToken);
    await navigate(returnUrlFrom(search), { replace: true });
  });

  return (
    <form noValidate onSubmit={form.onSubmit} data-testid="log-in-form">
      <Stack gap="md">
        <FormFailure message={form.failure} testId="auth-error" />
        <EmailInput {...form.field('email')} data-testid="log-in-email" />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          size="md"
          {...form.field('password')}
          data-testid="log-in-password"
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to={href('v2.auth.resetPassword')} size="sm" data-testid="forgot-password-link">
            Forgot your password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={form.busy} data-testid="log-in-submit">
          Log in
        </Button>
      </Stack>
    </form>
  );
}

function SignUpForm({ search, onSigningIn }: { search: URLSearchParams; onSigningIn: TOnSigningIn }) {
  const { api, setTokens } = useIdentity();
  const navigate = useAppNavigate();
  // A taken e-mail: the field says what is wrong, the alert adds the way out (log in or reset).
  const form = useSchemaForm(
    ZSignUpForm,
    { name: '', email: search.get('email') ?? '', password: '' },
    async (values) => {
      const answer = await api.signUp({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        // The form says that creating the account accepts the terms, and links them.
        acceptTerms: true,
      });
      onSigningIn();
      setTokens(answer.accessToken, answer.auditToken);
      const returnUrl = search.get('returnurl');
      await navigate(href('v2.auth.codeConfirm', null, returnUrl ? { returnurl: returnUrl } : undefined), {
        replace: true,
      });
    },
  );

  return (
    <form noValidate onSubmit={form.onSubmit} data-testid="sign-up-form">
      <Stack gap="md">
        <FormFailure message={form.failure} testId="auth-error" />
        <TextInput
          label="Your name"
          autoComplete="name"
          placeholder="Dana Demo"
          size="md"
          {...form.field('name')}
          data-testid="sign-up-name"
        />
        <EmailInput {...form.field('email')} data-testid="sign-up-email" />
        <PasswordInput
          label="Password"
          description="At least 4 characters"
          autoComplete="new-password"
          size="md"
          {...form.field('password')}
          data-testid="sign-up-password"
        />
        <Button type="submit" size="md" fullWidth loading={form.busy} data-testid="sign-up-submit">
          Create account
        </Button>
        <Text size="xs" c="dimmed" ta="center" data-testid="sign-up-terms">
          By creating an account you accept our{' '}
          <Anchor href={href('v2.terms')} target="_blank" rel="noopener" underline="always" inherit>
            terms of service
          </Anchor>
          . We will e-mail you a six-digit code to confirm your address.
        </Text>
      </Stack>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------

/**
 * Someone already signed in who opens the log-in or sign-up page (a bookmark, /auth/v2/login/):
 * who they are, the way on to where they were going, and a log-out to use another account.
 */
function AlreadySignedIn({ returnUrl, here }: { returnUrl: string; here: string }) {
  const me = useMe();
  return (
    <AuthPage
      title="You’re already signed in"
      subtitle={
        <span data-testid="already-signed-in-as">
          You’re signed in as <strong>{me.data ? meLabel(me.data) : '…'}</strong>.
        </span>
      }
      testId="already-signed-in"
    >
      <Stack gap="sm">
        <Button component={Link} to={returnUrl} replace size="md" fullWidth data-testid="already-signed-in-continue">
          Continue
        </Button>
        <Button
          component={Link}
          to={href('v2.auth.logOut', null, { returnurl: here })}
          variant="default"
          size="md"
          fullWidth
          data-testid="already-signed-in-log-out"
        >
          Log out to use another account
        </Button>
      </Stack>
    </AuthPage>
  );
}

export default function AuthScreen() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const navigate = useAppNavigate();
  const providers = trpc.auth.providers.useQuery(undefined, { staleTime: 5 * 60_000 });
  const mode = modeOf(pathname);
  const returnUrl = returnUrlFrom(search);
  const link = search.get('link');
  const linkProvider = pendingLinkProvider(link);
  const { identity, flags, isReady } = useIdentity();
  const [signingIn, setSigningIn] = useState(false);
  const linkProviderLabel = linkProvider
    ? (providers.data?.find((provider) => provider.id === linkProvider)?.label ?? linkProvider)
    : null;

  const switchTo = (next: string): void => {
    const target = next === 'signUp' ? 'signUp' : 'logIn';
    if (target === mode) return;
    void navigate(href(MODE_ROUTE[target], null, keptQuery(search)), { replace: true });
  };

  // Fully signed in already (not by this page's own form, and not here to link a social account).
  // Someone known only by an invitation link (a floater) was sent here to sign in fully: they get
  // the form, or "Continue" would send them straight back here.
  if (isReady && identity && flags.isAuthenticated && !signingIn && !link)
    return <AlreadySignedIn returnUrl={returnUrl} here={`${pathname}?${search.toString()}`.replace(/\?$/, '')} />;

  const title = mode === 'signUp' ? 'Create your account' : 'Welcome back';
  const subtitle =
    mode === 'signUp'
      ? 'Wish lists, gift exchanges and gift ideas — all in one place.'
      : 'Log in to your wish lists and gift exchanges.';

  return (
    <AuthPage
      title={title}
      subtitle={subtitle}
      testId={mode === 'signUp' ? 'sign-up-screen' : 'log-in-screen'}
      footer={
        mode === 'signUp' ? (
          <>
            Already have an account?{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => switchTo('logIn')}>
              Log in
            </Anchor>
          </>
        ) : (
          <>
            New to Gifting?{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => switchTo('signUp')}>
              Create an account
            </Anchor>
          </>
        )
      }
    >
      <SegmentedControl
        fullWidth
        radius="xl"
        size="md"
        value={mode}
        onChange={switchTo}
        data={[
          { label: 'Log in', value: 'logIn' },
          { label: 'Sign up', value: 'signUp' },
        ]}
        data-testid="auth-tabs"
      />

      {search.get('error') === 'social-email-in-use' ? (
        <Alert color="red" variant="light" title="That e-mail already has an account" data-testid="social-error">
          Log in to that account first, then sign in with the provider again to link it.
        </Alert>
      ) : null}
      {search.get('error') === 'social-unverified' ? (
        <Alert color="red" variant="light" title="That e-mail is not verified" data-testid="social-error">
          The provider has not verified your e-mail address. Verify it with them, then sign in with them again.
        </Alert>
      ) : null}
      {search.get('error') === 'social' ? (
        <Alert color="red" variant="light" title="Social sign-in did not work" data-testid="social-error">
          We could not sign you in with that provider. Try again, or use your e-mail and password.
        </Alert>
      ) : null}
      {link === 'expired' ? (
        <Alert color="yellow" variant="light" title="That link has expired" data-testid="link-expired">
          Sign-in links work for a limited time. Log in below, or ask for a new link.
        </Alert>
      ) : null}
      {link && link !== 'expired' && mode === 'logIn' ? (
        <Alert color="blue" variant="light" data-testid="pending-link">
          Log in to link your {linkProviderLabel ?? 'social'} account
          {search.get('email') ? (
            <>
              {' '}
              to <strong>{search.get('email')}</strong>
            </>
          ) : null}
          .
        </Alert>
      ) : null}

      <SocialButtons returnUrl={returnUrl} mode={mode} />

      {mode === 'signUp' ? (
        <SignUpForm search={search} onSigningIn={() => setSigningIn(true)} />
      ) : (
        <LogInForm search={search} onSigningIn={() => setSigningIn(true)} />
      )}
    </AuthPage>
  );
}
