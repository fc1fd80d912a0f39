/**
 * Form helpers shared by the auth screens: client-side checks with the contracts' zod schemas
 * (spec §5 messages), and the field errors a server answer carries (auth POSTs or tRPC).
 */
import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../../../server/contracts/messages';
import { fieldErrorsFromZod, ZEmail, ZName, ZPassword, type TFieldErrors } from '../../../server/contracts/validation';
import { isAuthRequestError } from '../../auth/api';

export type { TFieldErrors };

/** Field errors of `values` against `schema` ({} when valid), one spec message per field. */
export function validateFields(schema: z.ZodType, values: unknown): TFieldErrors {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrorsFromZod(result.error);
}

export const IMPERSONATION_REASON_MIN = 5;

const ZRequiredText = z.string().refine((value) => value.length > 0, { error: M.required });

export const ZSignUpForm = z.object({ name: ZName, email: ZEmail, password: ZPassword });
export const ZLogInForm = z.object({ email: ZEmail, password: ZRequiredText });
export const ZResetRequestForm = z.object({ email: ZEmail });
export const ZNewPasswordForm = z.object({ password: ZPassword, repeat: z.string() }).superRefine((value, ctx) => {
  if (value.repeat !== value.password) ctx.addIssue({ code: 'custom', path: ['repeat'], message: M.sameAs });
});
export const ZImpersonationForm = z.object({
  reason: z
    .string()
    .refine((value) => value.trim().length > 0, { error: M.required })
    .refine((value) => value.trim().length === 0 || value.trim().length >= IMPERSONATION_REASON_MIN, {
      error: M.minLength(IMPERSONATION_REASON_MIN),
    }),
});

/** Field errors carried by a failed call: an /auth/v2 answer or a tRPC error's `data.fieldErrors`. */
export function serverFieldErrors(error: unknown): TFieldErrors {
  if (isAuthRequestError(error)) return error.fieldErrors;
  const data = (error as { data?: { fieldErrors?: unknown } | null } | null)?.data;
  const raw = data?.fieldErrors;
  if (typeof raw !== 'object' || raw === null) return {};
  const out: TFieldErrors = {};
  for (const [field, message] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof message === 'string') out[field] = message;
  }
  return out;
}
