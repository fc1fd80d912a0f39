import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { APP_ERRORS, AppError, codeForStatus, errorBody } from '../../../server/errors';
import { isClientAbort, toHttpAppError } from '../../../server/http/errors';
import { toAppError } from '../../../server/trpc/init';

describe('the AppError table', () => {
  it('maps every code to a tRPC code and an HTTP status', () => {
    for (const [code, entry] of Object.entries(APP_ERRORS)) {
      const error = new AppError(code as keyof typeof APP_ERRORS);
      expect(error.httpStatus).toBe(entry.http);
      expect(error.trpcCode).toBe(entry.trpc);
      expect(errorBody(error).error).toMatchObject({ code, status: entry.http, message: entry.message });
    }
  });

  it('both faces turn the same failure into the same AppError', () => {
    const zodError = z.object({ name: z.string() }).safeParse({}).error!;
    const viaTrpc = toAppError(new TRPCError({ code: 'BAD_REQUEST', cause: zodError }));
    const viaHttp = toHttpAppError(zodError);
    expect(viaTrpc.code).toBe('VALIDATION');
    expect(viaHttp.code).toBe('VALIDATION');
    expect(viaTrpc.fieldErrors).toEqual(viaHttp.fieldErrors);
    expect(viaHttp.fieldErrors).toEqual({ name: 'Value is required' });
  });

  it('keeps an AppError thrown inside a procedure', () => {
    const original = new AppError('RATE_LIMITED', { retryAfter: 30 });
    expect(toAppError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: original }))).toBe(original);
  });

  it('never leaks unknown errors: they become INTERNAL', () => {
    expect(toHttpAppError(new Error('db password is hunter2')).message).toBe('Something went wrong');
    expect(toAppError(new Error('boom')).code).toBe('INTERNAL');
  });

  it('maps HTTP statuses back to codes', () => {
    expect(codeForStatus(404)).toBe('NOT_FOUND');
    expect(codeForStatus(413)).toBe('PAYLOAD_TOO_LARGE');
    expect(codeForStatus(418)).toBe('BAD_REQUEST');
    expect(codeForStatus(502)).toBe('INTERNAL');
  });
});

describe('a client that went away mid-answer', () => {
  it('is told apart from a failure: only a premature close of the stream counts', () => {
    const closed = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    expect(isClientAbort(closed)).toBe(true);
    expect(isClientAbort(new Error('Premature close'))).toBe(false);
    expect(isClientAbort(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isClientAbort(null)).toBe(false);
  });
});
