/**
 * The output check of a hot read (issue 28). tRPC's `.output(schema)` parses every answer: on
 * wishLists.get that was about 5 % of the call's CPU under load (`--cpu-prof` of bench:api), for an
 * answer the service has already built field by field.
 *
 * `.output(builtOutput(schema))` keeps the contract and its types, and checks it where it can be
 * proven instead of on every answer: in development and tests each answer is parsed and must come
 * out *unchanged*: no field the schema would strip (a claim field on the owner's view, a database
 * column), none it would coerce. So the secrecy model, the permission tables and the integration
 * tests prove each shape the service builds; in production the answer is sent as built.
 *
 * Only for procedures whose service builds the answer from explicit fields (never by spreading a
 * database row or another object), so a shape proven in tests is the shape of every answer.
 */
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';

const CHECKED = process.env.NODE_ENV !== 'production';

export function builtOutput<S extends z.ZodType>(schema: S, checked: boolean = CHECKED): S {
  const check = (value: unknown): unknown => {
    if (!checked) return value;
    const parsed = schema.parse(value);
    if (!isDeepStrictEqual(parsed, value))
      throw new Error('The answer differs from its contract: a field the schema does not have, or of another type');
    return parsed;
  };
  // tRPC accepts a function as a parser; typed as the schema, the procedure's output type is the contract's.
  return check as unknown as S;
}
