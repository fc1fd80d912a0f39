/**
 * The steps of each generator flow, in order, with where each lives: what the progress line counts
 * ("Step 3 of 7") and where Back and Next go. Which steps a flow has depends on the draft (repeat,
 * friends, whether the organizer draws) and on whether the visitor still needs an account.
 */
import { href } from '../../../routes/route-table';
import type { TGeneratorDraft } from './draft';

export type TStepKey =
  | 'create'
  | 'signup'
  | 'event'
  | 'eventType'
  | 'budget'
  | 'theme'
  | 'account'
  | 'friends'
  | 'repeat'
  | 'invite'
  | 'exclusions'
  | 'details'
  | 'participants'
  | 'invitations'
  | 'wishlist';

export interface TFlowStep {
  key: TStepKey;
  /** Where the step lives; null for steps after creation while the exchange does not exist yet. */
  to: string | null;
  /** A step once the exchange exists (Back never leads from these to the steps before creation). */
  after: boolean;
}

export interface TFlowPlan {
  steps: TFlowStep[];
  /** The flow's start page (the first Back). */
  home: string;
  homeLabel: string;
}

function step(key: TStepKey, to: string | null, after = false): TFlowStep {
  return { key, to, after };
}

/** Visitors (and those who signed up in this flow) have an account step before the exchange exists. */
function needsAccountStep(draft: TGeneratorDraft, signedIn: boolean): boolean {
  return !signedIn || draft.withAccountStep;
}

export function classicPlan(draft: TGeneratorDraft, signedIn: boolean): TFlowPlan {
  const steps = [
    step('create', href('v2.generator.create')),
    step('signup', href('v2.generator.signup')),
    step('event', href('v2.generator.event')),
    step('eventType', href('v2.generator.eventType')),
    step('budget', href('v2.generator.budget')),
    step('theme', href('v2.generator.theme')),
  ];
  if (needsAccountStep(draft, signedIn)) steps.push(step('account', href('v2.generator.register')));
  return { steps, home: href('v2.generator.root'), homeLabel: 'Secret Santa generator' };
}

export function lightPlan(draft: TGeneratorDraft, signedIn: boolean): TFlowPlan {
  const exchangeId = draft.created?.exchangeId ?? null;
  const created = (key: TStepKey, build: (id: string) => string): TFlowStep =>
    step(key, exchangeId ? build(exchangeId) : null, true);
  const friends = draft.flow === 'friends';
  const steps: TFlowStep[] = [];
  if (friends) steps.push(step('friends', href('v2.giftExchangeGenerator.friends')));
  if (draft.repeatOfExchangeId) {
    steps.push(step('repeat', href('v2.generator.light.repeat')));
  } else {
    steps.push(step('invite', href('v2.generator.light.invite')));
    steps.push(step('exclusions', href('v2.generator.light.exclusionsPrompt')));
  }
  steps.push(step('details', href('v2.generator.light.details')), step('theme', href('v2.generator.light.theme')));
  if (needsAccountStep(draft, signedIn)) steps.push(step('account', href('v2.generator.light.register')));
  steps.push(
    created('participants', (id) => href('v2.generator.light.participants', { exchangeId: id })),
    created('invitations', (id) => href('v2.generator.light.inviteEmail', { exchangeId: id })),
  );
  if (draft.organizerParticipates)
    steps.push(created('wishlist', (id) => href('v2.generator.light.wishlist', { exchangeId: id })));
  return friends
    ? { steps, home: href('v2.giftExchangeGenerator.root'), homeLabel: 'Gift exchange generator' }
    : { steps, home: href('v2.generator.root'), homeLabel: 'Secret Santa generator' };
}

/** The names entry page is one step; visitors add the account step. */
export function namesPlan(draft: TGeneratorDraft, signedIn: boolean): TFlowPlan {
  const steps = [step('details', href('v2.generator.names'))];
  if (needsAccountStep(draft, signedIn)) steps.push(step('account', href('v2.generator.register')));
  return { steps, home: href('v2.generator.root'), homeLabel: 'Secret Santa generator' };
}

/** The plan of the draft's own flow. */
export function planOf(draft: TGeneratorDraft, signedIn: boolean): TFlowPlan {
  if (draft.flow === 'names') return namesPlan(draft, signedIn);
  return draft.flow === 'light' || draft.flow === 'friends' ? lightPlan(draft, signedIn) : classicPlan(draft, signedIn);
}

export interface TStepPosition {
  /** 1-based; 0 when the step is not part of the plan. */
  number: number;
  total: number;
  /** Null on the first step after creation (the steps before it are done with). */
  back: string | null;
  next: string | null;
}

export function positionOf(plan: TFlowPlan, key: TStepKey): TStepPosition {
  const index = plan.steps.findIndex((item) => item.key === key);
  const current = plan.steps[index];
  const previous = index > 0 ? plan.steps[index - 1] : undefined;
  const back = current?.after && !previous?.after ? null : (previous?.to ?? plan.home);
  return {
    number: index + 1,
    total: plan.steps.length,
    back,
    next: index >= 0 ? (plan.steps[index + 1]?.to ?? null) : null,
  };
}

/** Where the flow goes once the exchange exists. */
export function afterCreateHref(draft: TGeneratorDraft, exchangeId: string): string {
  if (draft.flow === 'names') return href('v2.giftExchanges.main', { exchangeId });
  if (draft.flow === 'classic')
    return draft.organizerParticipates
      ? href('v2.generator.wishlist', { exchangeId })
      : href('v2.generator.invite', { exchangeId });
  return href('v2.generator.light.participants', { exchangeId });
}
