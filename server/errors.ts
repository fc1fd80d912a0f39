/**
 * One error type for the domain and one table mapping each code to a tRPC code and an HTTP status,
 * used by the tRPC error formatter and the REST error handler alike.
 */
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { TFieldErrors } from './contracts/validation';

export const APP_ERRORS = {
  BAD_REQUEST: { trpc: 'BAD_REQUEST', http: 400, message: 'The request is not valid' },
  VALIDATION: { trpc: 'BAD_REQUEST', http: 400, message: 'Some values are not valid' },
  UNAUTHENTICATED: { trpc: 'UNAUTHORIZED', http: 401, message: 'Please sign in' },
  FORBIDDEN: { trpc: 'FORBIDDEN', http: 403, message: 'Forbidden, please contact support' },
  NOT_FOUND: { trpc: 'NOT_FOUND', http: 404, message: 'Not found' },
  METHOD_NOT_ALLOWED: { trpc: 'METHOD_NOT_SUPPORTED', http: 405, message: 'This method is not allowed here' },
  CONFLICT: { trpc: 'CONFLICT', http: 409, message: 'That conflicts with existing data' },
  GONE: { trpc: 'NOT_FOUND', http: 410, message: 'That is no longer available' },
  UNPROCESSABLE: { trpc: 'UNPROCESSABLE_CONTENT', http: 422, message: 'The request cannot be processed' },
  PAYLOAD_TOO_LARGE: { trpc: 'PAYLOAD_TOO_LARGE', http: 413, message: 'The request is too large' },
  RATE_LIMITED: { trpc: 'TOO_MANY_REQUESTS', http: 429, message: 'Too many requests, please try again later' },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', http: 500, message: 'Something went wrong' },
  UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', http: 503, message: 'The service is unavailable' },
} as const satisfies Record<string, { trpc: TRPC_ERROR_CODE_KEY; http: number; message: string }>;

export type TAppErrorCode = keyof typeof APP_ERRORS;

export interface TAppErrorOptions {
  message?: string;
  fieldErrors?: TFieldErrors;
  /** Seconds, for RATE_LIMITED. */
  retryAfter?: number;
  cause?: unknown;
  /** Extra public details. */
  details?: Record<string, unknown>;
}

export class AppError extends Error {
  readonly code: TAppErrorCode;
  readonly fieldErrors: TFieldErrors | undefined;
  readonly retryAfter: number | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: TAppErrorCode, options: TAppErrorOptions = {}) {
    super(options.message ?? APP_ERRORS[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = options.fieldErrors;
    this.retryAfter = options.retryAfter;
    this.details = options.details;
  }

  get httpStatus(): number {
    return APP_ERRORS[this.code].http;
  }

  get trpcCode(): TRPC_ERROR_CODE_KEY {
    return APP_ERRORS[this.code].trpc;
  }
}

/** The error body both faces send. */
export interface TErrorBody {
  error: {
    code: TAppErrorCode;
    message: string;
    status: number;
    fieldErrors?: TFieldErrors;
    details?: Record<string, unknown>;
  };
}

export function errorBody(error: AppError): TErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      status: error.httpStatus,
      ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      ...(error.details ? { details: error.details } : {}),
    },
  };
}

/** Reverse lookup: the AppError code for an HTTP status (used to map framework errors). */
export function codeForStatus(status: number): TAppErrorCode {
  const match = (Object.keys(APP_ERRORS) as TAppErrorCode[]).find(
    (code) => APP_ERRORS[code].http === status && code !== 'VALIDATION',
  );
  return match ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}
