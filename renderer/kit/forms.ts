/**
 * Forms of the screen kit: @mantine/form validated by the same zod schemas the server uses, with
 * the spec's messages (§5) beside each field. Checks run on submit, then on every change once the
 * person has tried to send; the server's field errors land on their fields, its message becomes the
 * form's failure. (Mantine's own zod resolver would show zod's wording; fieldErrorsFromZod maps
 * every issue to the spec's.)
 */
import { useForm } from '@mantine/form';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrorsFromZod, type TFieldErrors } from '../../server/contracts/field-errors';
import { authErrorMessage } from '../auth/api';

export type { TFieldErrors };

/**
 * What a form checks against: its schema, or how to load it. A form shown on a page that has no
 * other use for zod (the exchange's message box) loads its schema when it is first sent, so the page
 * does not fetch zod to paint (issue 27); once loaded, checks follow the typing as for any form.
 */
export type TSchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/** What a form says when its schema could not be fetched (offline, or a newer version was deployed). */
export const FORM_LOAD_FAILED = 'This form could not be loaded. Check your connection, or reload the page.';

/** Field errors of `values` against `schema` ({} when valid), one spec message per field. */
export function validateFields(schema: z.ZodType, values: unknown): TFieldErrors {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrorsFromZod(result.error);
}

/** Field errors carried by a failed call: an /auth/v2 answer or a tRPC error's `data.fieldErrors`. */
export function serverFieldErrors(error: unknown): TFieldErrors {
  const direct = (error as { fieldErrors?: unknown } | null)?.fieldErrors;
  const raw = direct ?? (error as { data?: { fieldErrors?: unknown } | null } | null)?.data?.fieldErrors;
  if (typeof raw !== 'object' || raw === null) return {};
  const out: TFieldErrors = {};
  for (const [field, message] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof message === 'string') out[field] = message;
  }
  return out;
}

export interface TSchemaForm<T extends Record<string, string>> {
  values: T;
  errors: TFieldErrors;
  failure: string | null;
  busy: boolean;
  /** Props for a Mantine text input bound to one field. */
  field(name: keyof T & string): {
    value: string;
    error: string | undefined;
    onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
  };
  /** Sets one field from a control that is not a text input (a select, a switch). */
  set(name: keyof T & string, value: string): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

export interface TSchemaFormOptions<T> {
  /**
   * What the schema checks, made from the form's strings (numbers, nested objects); the identity by
   * default. Field errors come back through `fieldOf`.
   */
  toInput?: (values: T) => unknown;
  /** The form field an error path belongs to ('birthday.month' → 'birthdayMonth'); the path by default. */
  fieldOf?: (path: string) => string;
}

function onFields(errors: TFieldErrors, fieldOf: ((path: string) => string) | undefined): TFieldErrors {
  if (!fieldOf) return errors;
  const out: TFieldErrors = {};
  for (const [path, message] of Object.entries(errors)) out[fieldOf(path)] ??= message;
  return out;
}

/**
 * `action` runs with valid values. When it throws, the server's field errors land on their fields,
 * its message becomes the form's failure (`onFailure` may look at the error too), and the form can
 * be sent again.
 */
export function useSchemaForm<T extends Record<string, string>>(
  source: TSchemaSource,
  initial: T,
  action: (values: T) => Promise<void>,
  onFailure?: (error: unknown) => void,
  options: TSchemaFormOptions<T> = {},
): TSchemaForm<T> {
  const { toInput = (values: T): unknown => values, fieldOf } = options;
  // A schema given as it is is read at each check (it may change: a create form becoming an edit
  // form); one given as a loader is kept here once loaded.
  const loaded = useRef<z.ZodType | null>(null);
  const current = (): z.ZodType | null => (typeof source === 'function' ? loaded.current : source);
  const loading = useRef<Promise<z.ZodType> | null>(null);
  // One send at a time: a second click while the schema or the action is on its way does nothing.
  const sending = useRef(false);
  const form = useForm<T>({
    mode: 'controlled',
    initialValues: initial,
    // A schema still loading checks nothing yet: submit waits for it before validating.
    validate: (values) => {
      const checker = current();
      return checker ? onFields(validateFields(checker, toInput(values)), fieldOf) : {};
    },
  });
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The schema, loaded once (started at the first keystroke, so a send seldom waits for it). */
  function loadSchema(): Promise<z.ZodType> {
    if (typeof source !== 'function') return Promise.resolve(source);
    if (loaded.current) return Promise.resolve(loaded.current);
    loading.current ??= source().then(
      (schema) => (loaded.current = schema),
      (error: unknown) => {
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  }

  async function submit(): Promise<void> {
    if (sending.current) return;
    sending.current = true;
    setAttempted(true);
    setFailure(null);
    try {
      if (!current()) {
        // Still loading: the button shows it is busy meanwhile.
        setBusy(true);
        try {
          await loadSchema();
        } catch (error) {
          setFailure(FORM_LOAD_FAILED);
          onFailure?.(error);
          return;
        }
      }
      if (form.validate().hasErrors) return;
      setBusy(true);
      await action(form.getValues());
    } catch (error) {
      const fields = onFields(serverFieldErrors(error), fieldOf);
      form.setErrors(fields);
      setFailure(authErrorMessage(error));
      onFailure?.(error);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  const errors = Object.fromEntries(
    Object.entries(form.errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const set = (name: keyof T & string, value: string): void => {
    form.setFieldValue(name, value as Parameters<typeof form.setFieldValue>[1]);
    if (!current()) void loadSchema().catch(() => undefined);
    // After a first attempt, the messages follow the typing (all fields: some rules span two).
    if (attempted) form.validate();
  };
  return {
    values: form.values,
    errors,
    failure,
    busy,
    set,
    field: (name) => ({
      value: String(form.values[name] ?? ''),
      error: errors[name],
      onChange: (event) => set(name, event.currentTarget.value),
    }),
    onSubmit: (event) => {
      event.preventDefault();
      void submit();
    },
  };
}
