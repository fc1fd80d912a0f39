/**
 * One auth form's state and submit logic, shared by the log-in, sign-up and reset screens: values,
 * spec §5 checks on submit (then live while typing), the server's field errors, a form-level
 * failure message and a busy flag.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { authErrorMessage } from '../../auth/api';
import { serverFieldErrors, validateFields, type TFieldErrors } from './form-errors';

export interface TAuthForm<T extends Record<string, string>> {
  values: T;
  errors: TFieldErrors;
  failure: string | null;
  busy: boolean;
  /** Props for a Mantine input bound to one field. */
  field(name: keyof T & string): {
    value: string;
    error: string | undefined;
    onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
  };
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

/**
 * `action` runs with valid values. When it throws, the server's field errors land on their fields,
 * its message becomes the form's failure (`onFailure` may look at the error too), and the form can
 * be sent again.
 */
export function useAuthForm<T extends Record<string, string>>(
  schema: z.ZodType,
  initial: T,
  action: (values: T) => Promise<void>,
  onFailure?: (error: unknown) => void,
): TAuthForm<T> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(): Promise<void> {
    setAttempted(true);
    setFailure(null);
    const found = validateFields(schema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await action(values);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setFailure(authErrorMessage(error));
      onFailure?.(error);
    } finally {
      setBusy(false);
    }
  }

  return {
    values,
    errors,
    failure,
    busy,
    field: (name) => ({
      value: values[name] ?? '',
      error: errors[name],
      onChange: (event) => {
        const next = { ...values, [name]: event.currentTarget.value };
        setValues(next);
        if (attempted) setErrors(validateFields(schema, next));
      },
    }),
    onSubmit: (event) => {
      event.preventDefault();
      void submit();
    },
  };
}
