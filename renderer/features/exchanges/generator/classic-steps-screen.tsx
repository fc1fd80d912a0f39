/**
 * The classic Secret Santa generator, one question per page under /secret-santa-generator/:
 * create (title), signup (when sign-up closes), event (date, place, party time), event-type (in
 * person or by mail), budget, theme, and register for visitors. Each step saves into the draft
 * (draft.ts) and is checked by the server's ZExchangeCreate; the exchange is created at the end,
 * then the organizer's wish list (wishlist/:exchangeId) and the invite pages follow.
 */
import { Stack, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useAppNavigate } from '../../../routes/app-navigate';
import { useCurrentRouteHandle } from '../../../app/route-handle';
import { href } from '../../../routes/route-table';
import { readDraft, startDraft } from './draft';
import { useDraftForm, type TDetailField } from './draft-form';
import { BudgetFields, DeliveryTypeField, DraftDateField, GameTypeField, TitleField } from './draft-fields';
import { classicPlan, type TStepKey } from './flow-steps';
import { RegisterStep, ThemeStep } from './shared-steps';
import { StepFrame, StepNav, useStep } from './step-frame';

/** One classic step: its frame, a form over `fields`, Back and Next. */
function ClassicStep<K extends TDetailField>({
  stepKey,
  title,
  description,
  fields,
  alsoOn,
  children,
}: {
  stepKey: TStepKey;
  title: string;
  description: string;
  fields: readonly K[];
  alsoOn?: Partial<Record<string, TDetailField>>;
  children: (form: ReturnType<typeof useDraftForm<K>>) => ReactNode;
}) {
  const { plan, position } = useStep(stepKey, classicPlan);
  const navigate = useAppNavigate();
  const form = useDraftForm(
    fields,
    async () => {
      await navigate(position.next ?? href('v2.generator.theme'));
    },
    alsoOn,
  );
  return (
    <StepFrame
      title={title}
      description={description}
      plan={plan}
      position={position}
      testId={`generator-${stepKey}-step`}
    >
      <form noValidate onSubmit={form.onSubmit}>
        <Stack gap="md">
          {children(form)}
          <StepNav back={position.back} busy={form.busy} />
        </Stack>
      </form>
    </StepFrame>
  );
}

function CreateStep() {
  // A draft of another flow, or one whose exchange exists already, gives way to a new one (once,
  // before the form reads it).
  useState(() => {
    const draft = readDraft();
    if (draft.flow !== 'classic' || draft.created) startDraft('classic');
    return null;
  });
  return (
    <ClassicStep
      stepKey="create"
      title="Name your exchange"
      description="The name everyone sees on their invitation."
      fields={['title'] as const}
    >
      {(form) => <TitleField form={form} placeholder="Family Secret Santa 2026" />}
    </ClassicStep>
  );
}

function SignUpDateStep() {
  return (
    <ClassicStep
      stepKey="signup"
      title="When does sign-up close?"
      description="People answer their invitation by this day. Leave it empty to keep sign-up open until you draw names."
      fields={['signUpDate'] as const}
    >
      {(form) => <DraftDateField form={form} name="signUpDate" label="Sign-up closes" />}
    </ClassicStep>
  );
}

function EventStep() {
  return (
    <ClassicStep
      stepKey="event"
      title="When and where is the exchange?"
      description="The day gifts are given. Place and party time are optional."
      fields={['exchangeDate', 'location', 'partyTime'] as const}
      alsoOn={{ signUpDate: 'exchangeDate' }}
    >
      {(form) => (
        <>
          <DraftDateField form={form} name="exchangeDate" label="Exchange date" required />
          <TextInput
            label="Place (optional)"
            placeholder="Grandma's house"
            maxLength={200}
            {...form.field('location')}
            data-testid="draft-location"
          />
          <TextInput
            label="Party time (optional)"
            type="time"
            {...form.field('partyTime')}
            data-testid="draft-party-time"
          />
        </>
      )}
    </ClassicStep>
  );
}

function EventTypeStep() {
  return (
    <ClassicStep
      stepKey="eventType"
      title="Which game, in person or by mail?"
      description="Secret Santa or a party game; meeting up to swap gifts, or sending them to each other."
      fields={['gameType', 'deliveryType'] as const}
    >
      {(form) => (
        <>
          <GameTypeField form={form} />
          <DeliveryTypeField form={form} />
        </>
      )}
    </ClassicStep>
  );
}

function BudgetStep() {
  return (
    <ClassicStep
      stepKey="budget"
      title="What is the budget?"
      description="How much each gift should cost, about."
      fields={['budgetAmount', 'budgetCurrency'] as const}
    >
      {(form) => <BudgetFields form={form} />}
    </ClassicStep>
  );
}

const STEPS: Record<string, () => ReactNode> = {
  'v2.generator.create': () => <CreateStep />,
  'v2.generator.signup': () => <SignUpDateStep />,
  'v2.generator.event': () => <EventStep />,
  'v2.generator.eventType': () => <EventTypeStep />,
  'v2.generator.budget': () => <BudgetStep />,
  'v2.generator.theme': () => <ThemeStep planFor={classicPlan} />,
  'v2.generator.register': () => <RegisterStep flow="classic" />,
};

export default function ClassicStepsScreen() {
  const { routeName } = useCurrentRouteHandle();
  const render = STEPS[routeName] ?? STEPS['v2.generator.create'];
  return <>{render?.()}</>;
}
