/**
 * A step's form over some of the draft's fields, checked by the server's own ZExchangeCreate: the
 * whole draft (with the step's values) is parsed and only the issues of the step's fields are kept,
 * so each step shows the spec's messages for what it asks and nothing about later steps.
 */
import { useMemo } from 'react';
import { z } from 'zod';
import { ZExchangeCreate, type TDeliveryType } from '../../../../server/contracts/exchanges';
import type { TCurrency } from '../../../../server/contracts/enums';
import { fieldErrorsFromZod } from '../../../../server/contracts/validation';
import { useSchemaForm, type TSchemaForm } from '../../../kit/forms';
import { readDraft, toCreateInput, writeDraft, type TGeneratorDraft } from './draft';
import type { TExchangeThemeId, TGameType } from '../../../../server/contracts/exchanges';

/** The draft's exchange fields as a form holds them (strings). */
export type TDetailValues = {
  title: string;
  signUpDate: string;
  exchangeDate: string;
  location: string;
  partyTime: string;
  deliveryType: string;
  budgetAmount: string;
  budgetCurrency: string;
  themeId: string;
  gameType: string;
  organizerParticipates: string;
};
export type TDetailField = keyof TDetailValues;

/** Where each form field sits in ZExchangeCreate. */
const SCHEMA_PATH: Record<TDetailField, string> = {
  title: 'title',
  signUpDate: 'signUpDate',
  exchangeDate: 'exchangeDate',
  location: 'location',
  partyTime: 'partyTime',
  deliveryType: 'deliveryType',
  budgetAmount: 'budget.amount',
  budgetCurrency: 'budget.currency',
  themeId: 'themeId',
  gameType: 'gameType',
  organizerParticipates: 'organizerParticipates',
};
const FIELD_OF_PATH: Record<string, TDetailField> = Object.fromEntries(
  Object.entries(SCHEMA_PATH).map(([field, path]) => [path, field as TDetailField]),
);

export function detailValuesOf(draft: TGeneratorDraft): TDetailValues {
  return {
    title: draft.title,
    signUpDate: draft.signUpDate,
    exchangeDate: draft.exchangeDate,
    location: draft.location,
    partyTime: draft.partyTime,
    deliveryType: draft.deliveryType,
    budgetAmount: draft.budgetAmount,
    budgetCurrency: draft.budgetCurrency,
    themeId: draft.themeId,
    gameType: draft.gameType,
    organizerParticipates: draft.organizerParticipates ? 'true' : 'false',
  };
}

/** A form's values back into the draft (only the fields the form has). */
export function draftPatchOf(values: Partial<TDetailValues>): Partial<TGeneratorDraft> {
  const patch: Partial<TGeneratorDraft> = {};
  for (const [field, value] of Object.entries(values) as [TDetailField, string][]) {
    if (field === 'organizerParticipates') patch.organizerParticipates = value === 'true';
    else if (field === 'deliveryType') patch.deliveryType = value as TDeliveryType;
    else if (field === 'budgetCurrency') patch.budgetCurrency = value as TCurrency;
    else if (field === 'themeId') patch.themeId = value as TExchangeThemeId;
    else if (field === 'gameType') patch.gameType = value as TGameType;
    else patch[field] = value;
  }
  return patch;
}

/**
 * ZExchangeCreate narrowed to some fields: issues elsewhere are dropped. `alsoOn` moves an issue
 * of another field onto one of the step's (the dates' order, checked on the later date's step).
 */
export function stepSchema(fields: readonly TDetailField[], alsoOn: Partial<Record<string, TDetailField>> = {}) {
  const paths = new Set(fields.map((field) => SCHEMA_PATH[field]));
  return z.unknown().superRefine((input, ctx) => {
    const result = ZExchangeCreate.safeParse(input);
    if (result.success) return;
    for (const [path, message] of Object.entries(fieldErrorsFromZod(result.error))) {
      const target = paths.has(path) ? path : alsoOn[path] ? SCHEMA_PATH[alsoOn[path]] : null;
      if (target) ctx.addIssue({ code: 'custom', path: target.split('.'), message });
    }
  });
}

function pick<K extends TDetailField>(values: TDetailValues, fields: readonly K[]): Pick<TDetailValues, K> {
  return Object.fromEntries(fields.map((field) => [field, values[field]])) as Pick<TDetailValues, K>;
}

/**
 * The form of one step: starts from the draft, checks with the server's schema, saves into the
 * draft and then runs `onSaved` (usually: go to the next step).
 */
export function useDraftForm<K extends TDetailField>(
  fields: readonly K[],
  onSaved: (draft: TGeneratorDraft) => Promise<void>,
  alsoOn: Partial<Record<string, TDetailField>> = {},
): TSchemaForm<Pick<TDetailValues, K>> {
  // The step's fields and their checks are fixed for the life of the screen.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const schema = useMemo(() => stepSchema(fields, alsoOn), []);
  return useSchemaForm<Pick<TDetailValues, K>>(
    schema,
    pick(detailValuesOf(readDraft()), fields),
    async (values) => onSaved(writeDraft(draftPatchOf(values))),
    undefined,
    {
      toInput: (values) => toCreateInput({ ...readDraft(), ...draftPatchOf(values) }),
      fieldOf: (path) => FIELD_OF_PATH[path] ?? path,
    },
  );
}
