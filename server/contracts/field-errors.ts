/**
 * Zod's issues in the spec's words (§5), one message per field, as both faces and the renderer's
 * forms show them. Apart from the schemas (validation.ts) and free of zod at run time, so a screen
 * can show a form's errors without loading zod before the form is sent (issue 27).
 */
import type { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './messages';

/** Field errors keyed by dotted path, as both faces answer them (one message per field). */
export type TFieldErrors = Record<string, string>;

export function fieldErrorsFromZod(error: z.ZodError): TFieldErrors {
  const out: TFieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in out)) out[key] = translateIssue(issue);
  }
  return out;
}

const ZOD_DEFAULT_MESSAGE = /^Invalid input\b/;

/**
 * The message of a wrong-type issue that tells a missing value ("Value is required") from a value
 * of the wrong type (`message`). Zod 4 gives the input to the error function, not to the issue.
 */
export function typedError(message: string) {
  return (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null ? M.required : message;
}

/** Maps zod's own built-in issues onto spec §5 messages so users never see zod's wording. */
function translateIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      // Zod 4 does not report the input on issues, so a missing value and a wrong type look alike
      // here: zod's own wording becomes "Value is required"; a schema's own message (one that
      // tells the two apart, as typedError does) is kept.
      return ZOD_DEFAULT_MESSAGE.test(issue.message) ? M.required : issue.message;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? M.required : M.minLength(Number(issue.minimum));
      if (issue.origin === 'number') return M.minValue(Number(issue.minimum));
      return issue.message;
    case 'too_big':
      if (issue.origin === 'string') return M.maxLength(Number(issue.maximum));
      if (issue.origin === 'number') return M.maxValue(Number(issue.maximum));
      return issue.message;
    case 'invalid_format':
      if (issue.format === 'email') return M.email;
      if (issue.format === 'url') return M.url;
      return issue.message;
    default:
      return issue.message;
  }
}
