/**
 * The steps both generator flows end with: the theme (signed-in members create the exchange from
 * there), the account step for visitors (sign up or log in, then create; in the light flow a
 * sign-up first confirms the mailed code), and that code's confirmation.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from '../../../routes/link';
import { useAppNavigate } from '../../../routes/app-navigate';
import { useMe } from '../../../auth/use-me';
import { EmptyState } from '../../../kit/states';
import { href } from '../../../routes/route-table';
import { AccountForms, ConfirmCodeForm } from './account-forms';
import { CreateFailure, useCreateExchange } from './create-exchange';
import { readDraft, writeDraft, type TGeneratorDraft } from './draft';
import { useDraftForm } from './draft-form';
import { afterCreateHref, lightPlan, planOf, type TFlowPlan } from './flow-steps';
import { BackButton, StepFrame, StepNav, useStep } from './step-frame';
import { ThemePicker } from './theme-picker';

type TPlanOf = (draft: TGeneratorDraft, signedIn: boolean) => TFlowPlan;

/** Creates the draft's exchange (once) and moves on; a refusal is kept for CreateFailure. */
function useCreateAndContinue() {
  const creator = useCreateExchange();
  const navigate = useAppNavigate();
  const [error, setError] = useState<unknown>(null);
  return {
    busy: creator.busy,
    error,
    async run(): Promise<void> {
      setError(null);
      const draft = readDraft();
      try {
        const exchangeId = await creator.run(draft);
        await navigate(afterCreateHref(draft, exchangeId));
      } catch (failure) {
        setError(failure);
      }
    },
  };
}

export function ThemeStep({ planFor }: { planFor: TPlanOf }) {
  const { draft, signedIn, plan, position } = useStep('theme', planFor);
  const navigate = useAppNavigate();
  const creation = useCreateAndContinue();
  const form = useDraftForm(['themeId'], async () => {
    if (signedIn) return creation.run();
    writeDraft({ withAccountStep: true });
    await navigate(position.next ?? href('v2.generator.register'));
  });

  return (
    <StepFrame
      title="Pick a theme"
      description="Your invitations and the exchange's pages wear it."
      plan={plan}
      position={position}
      testId="generator-theme-step"
    >
      <form noValidate onSubmit={form.onSubmit}>
        <Stack gap="md">
          <ThemePicker
            value={form.values.themeId}
            onChange={(value) => form.set('themeId', value)}
            error={form.errors.themeId}
          />
          <CreateFailure error={creation.error} draft={draft} />
          <StepNav
            back={position.back}
            nextLabel={signedIn ? 'Create the exchange' : 'Next'}
            busy={form.busy || creation.busy}
          />
        </Stack>
      </form>
    </StepFrame>
  );
}

/** A member who is signed in by now (back from the log-in page, or a reload) just creates. */
function SignedInCreate({ plan, creation }: { plan: TFlowPlan; creation: ReturnType<typeof useCreateAndContinue> }) {
  const draft = readDraft();
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" data-testid="generator-signed-in">
        You are signed in. Your exchange is ready to be created.
      </Alert>
      <CreateFailure error={creation.error} draft={draft} />
      <Button loading={creation.busy} onClick={() => void creation.run()} data-testid="generator-create">
        Create the exchange
      </Button>
      <Button component={Link} to={plan.home} variant="subtle">
        Start over
      </Button>
    </Stack>
  );
}

/**
 * Visitors make an account (or log in) here. Classic flow: then the exchange is created at once.
 * Light flow: a new account first confirms the mailed code (the next step).
 */
export function RegisterStep({ flow }: { flow: 'classic' | 'light' }) {
  // The classic register page also serves the names entry page's visitors (planOf tells them apart).
  const { signedIn, plan, position } = useStep('account', flow === 'classic' ? planOf : lightPlan);
  const navigate = useAppNavigate();
  const creation = useCreateAndContinue();

  return (
    <StepFrame
      title="Create your free account"
      description="You organize the exchange from your account: people answer, and the names are drawn, there."
      plan={plan}
      position={position}
      testId="generator-register-step"
    >
      {signedIn ? (
        <SignedInCreate plan={plan} creation={creation} />
      ) : (
        <Stack gap="md">
          <AccountForms
            signUpLabel={flow === 'classic' ? 'Create account and exchange' : 'Create account'}
            logInLabel="Log in and create the exchange"
            onSignedUp={async () => {
              writeDraft({ withAccountStep: true });
              if (flow === 'classic') await creation.run();
              else await navigate(href('v2.generator.light.confirmCode'));
            }}
            onLoggedIn={() => creation.run()}
          />
          <CreateFailure error={creation.error} draft={readDraft()} />
          {position.back ? <BackButton to={position.back} /> : null}
        </Stack>
      )}
    </StepFrame>
  );
}

/** Light flow: the six-digit code mailed at sign-up; confirmed, the exchange is created. */
export function ConfirmCodeStep() {
  const { signedIn, plan, position } = useStep('account', lightPlan);
  const me = useMe();
  const creation = useCreateAndContinue();

  return (
    <StepFrame
      title="Check your e-mail"
      description="Confirm your address and your exchange is created."
      plan={plan}
      position={position}
      testId="generator-confirm-code-step"
    >
      {!signedIn ? (
        <EmptyState
          title="Create your account first"
          description="The code goes to the e-mail address of a new account. Make yours, then come back here."
          action={
            <Button component={Link} to={href('v2.generator.light.register')} variant="light">
              Create my account
            </Button>
          }
        />
      ) : me.data?.emailConfirmed ? (
        <SignedInCreate plan={plan} creation={creation} />
      ) : (
        <Stack gap="md">
          <ConfirmCodeForm
            email={me.data?.email ?? null}
            submitLabel="Confirm and create the exchange"
            onConfirmed={() => creation.run()}
          />
          <CreateFailure error={creation.error} draft={readDraft()} />
          <Text size="sm" c="dimmed">
            Your exchange is kept in this browser tab until you confirm.
          </Text>
        </Stack>
      )}
    </StepFrame>
  );
}
