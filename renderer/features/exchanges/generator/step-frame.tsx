/**
 * The frame of every generator step: the page's one h1 (the step's question), the flow in the
 * breadcrumbs, "Step 3 of 7" with a progress bar, the step's content, and Back and Next.
 */
import { Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { Link } from '../../../routes/link';
import { PageLayout } from '../../../kit/page-layout';
import { useIdentity } from '../../../auth/identity-provider';
import { useDraft } from './draft';
import { planOf, positionOf, type TFlowPlan, type TStepKey, type TStepPosition } from './flow-steps';

/** Whether the person is a signed-in member; `ready` is false until the identity is known. */
export function useSignedIn(): { ready: boolean; signedIn: boolean } {
  const { identity, flags, isReady } = useIdentity();
  return { ready: isReady, signedIn: identity !== null && flags.isAuthenticated };
}

/** The plan of the current draft's flow and where `key` stands in it. */
export function useStep(key: TStepKey, plan?: (draft: ReturnType<typeof useDraft>, signedIn: boolean) => TFlowPlan) {
  const draft = useDraft();
  const { signedIn } = useSignedIn();
  const flowPlan = (plan ?? planOf)(draft, signedIn);
  return { draft, signedIn, plan: flowPlan, position: positionOf(flowPlan, key) };
}

export function StepProgress({ position }: { position: TStepPosition }) {
  if (position.number < 1) return null;
  const label = `Step ${position.number} of ${position.total}`;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} data-testid="step-progress">
        {label}
      </Text>
      <Progress value={(position.number / position.total) * 100} size="sm" radius="xl" aria-hidden />
    </Stack>
  );
}

export interface TStepFrameProps {
  title: string;
  description?: ReactNode;
  plan: TFlowPlan;
  position: TStepPosition;
  testId: string;
  children: ReactNode;
}

export function StepFrame({ title, description, plan, position, testId, children }: TStepFrameProps) {
  return (
    <PageLayout
      title={title}
      description={description}
      breadcrumbs={[{ label: plan.homeLabel, to: plan.home }, { label: title }]}
      testId={testId}
      size="sm"
    >
      <StepProgress position={position} />
      <Card withBorder radius="md" padding="lg">
        {children}
      </Card>
    </PageLayout>
  );
}

/** Back to the previous step. */
export function BackButton({ to }: { to: string }) {
  return (
    <Button component={Link} to={to} variant="default" data-testid="step-back">
      Back
    </Button>
  );
}

/** Back (a link to the previous step) and Next (the form's submit button). */
export function StepNav({
  back,
  nextLabel = 'Next',
  busy = false,
  disabled = false,
}: {
  back: string | null;
  nextLabel?: string;
  busy?: boolean;
  disabled?: boolean;
}) {
  return (
    <Group justify="space-between" mt="md">
      {back ? <BackButton to={back} /> : <span />}
      <Button type="submit" loading={busy} disabled={disabled} data-testid="step-next">
        {nextLabel}
      </Button>
    </Group>
  );
}

/** A form's submit handler that runs `action` (Next on steps without fields). */
export function submitWith(action: () => unknown) {
  return (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    void action();
  };
}
