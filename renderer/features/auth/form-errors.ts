/**
 * The auth screens' form schemas, built from the contracts' zod schemas (spec §5 messages). The
 * form machinery itself is the screen kit's (renderer/kit/forms.ts).
 */
import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../../../server/contracts/messages';
import { ZEmail, ZName, ZPassword } from '../../../server/contracts/validation';

export { serverFieldErrors, validateFields, type TFieldErrors } from '../../kit/forms';

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
