/**
 * The exchange generator's draft: everything the organizer types before the exchange exists (its
 * people, exclusions, details, theme, friends), kept in sessionStorage under one key so a visitor
 * who signs up mid-flow keeps it. Read back through zod: a missing, stale or tampered value starts
 * a fresh draft instead of breaking a step. `toCreateInput` turns it into `exchanges.create`'s input.
 */
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { CURRENCIES } from '../../../../server/contracts/enums';
import type { TExchangeThemeId } from '../../../../server/contracts/exchanges';
import {
  DEFAULT_GAME_TYPE,
  DELIVERY_TYPES,
  GAME_TYPES,
  EXCHANGE_DEFAULTS,
  EXCHANGE_THEME_IDS,
  EXCHANGE_THEMES,
} from '../../../../server/contracts/exchange-values';
import { normalizeEmail } from '../../../../server/contracts/validation-values';
import type { TRouterInputs } from '../../../trpc';

export const DRAFT_STORAGE_KEY = 'gifting.exchangeGenerator.draft.v1';

/**
 * Which flow the draft belongs to: the classic step-by-step generator, the names entry page, the
 * light flow (people first), or the gift-exchange generator (the light flow with a friends step).
 */
export const GENERATOR_FLOWS = ['classic', 'names', 'light', 'friends'] as const;
export type TGeneratorFlow = (typeof GENERATOR_FLOWS)[number];

const ZDraftPerson = z.object({ name: z.string().max(200), email: z.string().max(320) });
export type TDraftPerson = z.infer<typeof ZDraftPerson>;

/** "a should not draw b" (and b not a, both ways), by e-mail so edits to the people list keep them. */
const ZDraftExclusion = z.object({ a: z.string(), b: z.string(), bothWays: z.boolean() });
export type TDraftExclusion = z.infer<typeof ZDraftExclusion>;

const ZDraftFriend = z.object({ userId: z.string(), name: z.string() });
export type TDraftFriend = z.infer<typeof ZDraftFriend>;

export const ZGeneratorDraft = z.object({
  flow: z.enum(GENERATOR_FLOWS),
  title: z.string().max(500),
  signUpDate: z.string().max(10),
  exchangeDate: z.string().max(10),
  location: z.string().max(500),
  partyTime: z.string().max(5),
  deliveryType: z.enum(DELIVERY_TYPES),
  budgetAmount: z.string().max(20),
  budgetCurrency: z.enum(CURRENCIES),
  themeId: z.enum(EXCHANGE_THEME_IDS),
  /** Secret Santa, or a party game with a turn order (drafts from before it: Secret Santa). */
  gameType: z.enum(GAME_TYPES).default(DEFAULT_GAME_TYPE),
  organizerParticipates: z.boolean(),
  people: z.array(ZDraftPerson).max(500),
  exclusions: z.array(ZDraftExclusion).max(1000),
  friends: z.array(ZDraftFriend).max(500),
  repeatOfExchangeId: z.string().nullable(),
  repeatTitle: z.string().nullable(),
  excludePreviousPairs: z.boolean(),
  /** The group the exchange is run with (repeat-group step): its members are the draft's friends. */
  groupId: z.string().optional(),
  /** The visitor went through the account step (it stays in the progress once they are signed in). */
  withAccountStep: z.boolean(),
  /** Set once the exchange exists: its id, and the friends still to invite from the invitations step. */
  created: z.object({ exchangeId: z.string(), friendIds: z.array(z.string()) }).nullable(),
});
export type TGeneratorDraft = z.infer<typeof ZGeneratorDraft>;

export function isThemeId(value: string | null | undefined): value is TExchangeThemeId {
  return EXCHANGE_THEMES.some((theme) => theme.id === value);
}

export function emptyDraft(flow: TGeneratorFlow = 'classic', themeId?: string | null): TGeneratorDraft {
  return {
    flow,
    title: '',
    signUpDate: '',
    exchangeDate: '',
    location: '',
    partyTime: '',
    deliveryType: EXCHANGE_DEFAULTS.deliveryType,
    budgetAmount: String(EXCHANGE_DEFAULTS.budget.amount),
    budgetCurrency: EXCHANGE_DEFAULTS.budget.currency,
    themeId: isThemeId(themeId) ? themeId : EXCHANGE_DEFAULTS.themeId,
    gameType: DEFAULT_GAME_TYPE,
    organizerParticipates: true,
    people: [],
    exclusions: [],
    friends: [],
    repeatOfExchangeId: null,
    repeatTitle: null,
    excludePreviousPairs: true,
    withAccountStep: false,
    created: null,
  };
}

// ---- The store ----

type TListener = () => void;
const listeners = new Set<TListener>();
let cached: { raw: string | null; draft: TGeneratorDraft } | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return storage()?.getItem(DRAFT_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Parses a stored value; anything unreadable gives a fresh draft. */
export function parseDraft(raw: string | null): TGeneratorDraft {
  if (!raw) return emptyDraft();
  try {
    const parsed = ZGeneratorDraft.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : emptyDraft();
  } catch {
    return emptyDraft();
  }
}

export function readDraft(): TGeneratorDraft {
  const raw = readRaw();
  if (!cached || cached.raw !== raw) cached = { raw, draft: parseDraft(raw) };
  return cached.draft;
}

function store(draft: TGeneratorDraft | null): void {
  try {
    if (draft) storage()?.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
    else storage()?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Storage full or blocked: the draft lives as long as this page does.
  }
  cached = { raw: readRaw(), draft: draft ?? emptyDraft() };
  listeners.forEach((listener) => listener());
}

export function writeDraft(patch: Partial<TGeneratorDraft>): TGeneratorDraft {
  const next = { ...readDraft(), ...patch };
  store(next);
  return next;
}

/** Starts a new draft for a flow (the previous one is dropped). */
export function startDraft(flow: TGeneratorFlow, patch: Partial<TGeneratorDraft> = {}): TGeneratorDraft {
  const next = { ...emptyDraft(flow), ...patch };
  store(next);
  return next;
}

export function clearDraft(): void {
  store(null);
}

function subscribe(listener: TListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The draft, re-rendering on every change. */
export function useDraft(): TGeneratorDraft {
  return useSyncExternalStore(subscribe, readDraft, emptyDraft);
}

// ---- Into the create call ----

export type TExchangeCreateInput = TRouterInputs['exchanges']['create'];

/** The people typed, without blank rows. */
export function typedPeople(people: readonly TDraftPerson[]): TDraftPerson[] {
  return people.filter((person) => person.name.trim() || person.email.trim());
}

/** "Ann Lee" or, without a name, the e-mail. */
export function personLabel(person: TDraftPerson): string {
  return person.name.trim() || person.email.trim();
}

function sameEmail(a: string, b: string): boolean {
  return normalizeEmail(a) === normalizeEmail(b);
}

/** Exclusions whose two people are still both in the list, as indexes into `people`. */
export function indexedExclusions(
  people: readonly TDraftPerson[],
  exclusions: readonly TDraftExclusion[],
): { giver: number; receiver: number; bothWays: boolean }[] {
  return exclusions.flatMap((exclusion) => {
    const giver = people.findIndex((person) => sameEmail(person.email, exclusion.a));
    const receiver = people.findIndex((person) => sameEmail(person.email, exclusion.b));
    return giver >= 0 && receiver >= 0 && giver !== receiver ? [{ giver, receiver, bothWays: exclusion.bothWays }] : [];
  });
}

/** Strings of the draft → ZExchangeCreate's input (the schema trims, empties to null and checks). */
export function toCreateInput(draft: TGeneratorDraft): TExchangeCreateInput {
  const people = typedPeople(draft.people);
  const restrictions = indexedExclusions(people, draft.exclusions);
  const light = draft.flow === 'light' || draft.flow === 'friends';
  return {
    title: draft.title,
    // Not chosen yet: missing, so the schema says "Value is required" rather than "not a valid date".
    exchangeDate: (draft.exchangeDate || undefined) as string,
    signUpDate: draft.signUpDate || null,
    location: draft.location,
    partyTime: draft.partyTime || null,
    deliveryType: draft.deliveryType,
    budget: { currency: draft.budgetCurrency, amount: draft.budgetAmount },
    themeId: draft.themeId,
    gameType: draft.gameType,
    organizerParticipates: draft.organizerParticipates,
    ...(people.length > 0
      ? { participants: people.map((person) => ({ name: person.name.trim() || null, email: person.email })) }
      : {}),
    ...(restrictions.length > 0 ? { restrictions } : {}),
    ...(draft.flow === 'names' ? { participantsConfirmed: true } : {}),
    ...(draft.groupId ? { groupId: draft.groupId } : {}),
    ...(draft.repeatOfExchangeId
      ? { repeatOfExchangeId: draft.repeatOfExchangeId, excludePreviousPairs: draft.excludePreviousPairs }
      : {}),
    // The light flows let the organizer read the invitation before it goes out.
    ...(light ? { sendInvitations: false } : {}),
  };
}
