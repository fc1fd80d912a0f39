/** The REST and page error handler: every failure answers through the AppError table. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { fieldErrorsFromZod } from '../contracts/validation';
import { AppError, codeForStatus, errorBody } from '../errors';
import { databaseUnavailableError } from './database-health';
import { simplePage, wantsHtmlPage, type TSimplePage } from './simple-page';

/**
 * A failed browser navigation to an /auth/v2 address (a link followed without its `uid`, say)
 * reads as a page, not as raw JSON: what went wrong and the ways on.
 */
function authNavigationPage(pathname: string, error: AppError): TSimplePage {
  const home = { label: 'Go to the home page', href: '/home/' };
  const contact = { label: 'Contact us', href: '/contact-us/' };
  const incomplete = error.httpStatus === 400;
  const staffTool = /^\/auth\/v2\/(impersonate|switch)\//.test(pathname);
  return {
    title: incomplete ? 'This link is incomplete' : 'This link did not work',
    lines: [
      incomplete
        ? staffTool
          ? 'The link does not say whose account to open. Open the person from the admin area, or from the account switcher, and try again.'
          : 'The link is missing part of what it needs. Open it again from where you found it.'
        : error.message,
    ],
    links: staffTool ? [{ label: 'Find a member in the admin area', href: '/admin/finduser/' }, home] : [home, contact],
  };
}

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

/**
 * A client that went away while its answer was being streamed (a closed tab, an aborted fetch, a
 * compressed answer cut short): the stream reports "Premature close", but nothing failed here, so
 * it is no error for the logs (it filled the servers' error logs during every browser test run).
 */
export function isClientAbort(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error, request, reply) => {
    const appError = toHttpAppError(error);
    if (isClientAbort(error)) request.log.debug({ url: request.url }, 'the client went away before the answer ended');
    else if (appError.httpStatus >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code, status: appError.httpStatus }, appError.message);
    if (appError.retryAfter) reply.header('retry-after', String(appError.retryAfter));
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname.startsWith('/auth/v2/') && appError.httpStatus < 500 && wantsHtmlPage(request))
      return reply
        .code(appError.httpStatus)
        .type('text/html; charset=utf-8')
        .send(simplePage(authNavigationPage(pathname, appError)));
    return reply.code(appError.httpStatus).send(errorBody(appError));
  });
}
