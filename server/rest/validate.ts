import type { z } from 'zod';
import { fieldErrorsFromZod } from '../contracts/validation';
import { AppError } from '../errors';

/** Parses REST input with the same zod schema the tRPC procedure uses; 400 with spec §5 messages. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('VALIDATION', { fieldErrors: fieldErrorsFromZod(result.error) });
  return result.data;
}
