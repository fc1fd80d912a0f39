/** The REST and page error handler: every failure answers through the AppError table. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { fieldErrorsFromZod } from '../contracts/validation';
import { AppError, codeForStatus, errorBody } from '../errors';
import { databaseUnavailableError } from './database-health';

export function toHttpAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return new AppError('VALIDATION', { fieldErrors: fieldErrorsFromZod(error) });
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(codeForStatus(status), { message: fastifyError.message ?? 'Bad request' });
  }
  return databaseUnavailableError(error) ?? new AppError('INTERNAL', { cause: error });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error, request, reply) => {
    const appError = toHttpAppError(error);
    if (appError.httpStatus >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code, status: appError.httpStatus }, appError.message);
    if (appError.retryAfter) reply.header('retry-after', String(appError.retryAfter));
    return reply.code(appError.httpStatus).send(errorBody(appError));
  });
}
