/**
 * Cross-site request protection for the /auth/v2 endpoints. State changes are POSTs with a JSON
 * body (a cross-site form cannot send one without a CORS preflight we never grant) from our own
 * origin; the refresh endpoint refuses requests a browser marks as cross-site.
 */
import type { FastifyRequest } from 'fastify';
import type { TConfig } from '../config';
import { AppError } from '../errors';

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

function allowedOrigins(config: Pick<TConfig, 'publicUrl'>, request: FastifyRequest): Set<string> {
  const origins = new Set([new URL(config.publicUrl).origin]);
  // The address the browser actually used (tests and local runs on another port or host).
  if (request.headers.host) origins.add(`${request.protocol}://${request.headers.host}`);
  return origins;
}

/** True when a browser tells us the request came from another site. */
export function isCrossSite(config: Pick<TConfig, 'publicUrl'>, request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  // `Origin: null` comes from sandboxed frames, data: and file: documents and some cross-origin
  // redirects: never from our own pages, so it counts as another site, not as no origin at all.
  const sentOrigin = request.headers.origin;
  if (typeof sentOrigin === 'string' && sentOrigin.trim().toLowerCase() === 'null') return true;
  // An Origin header that is there but is no origin at all (garbage, an empty value) is not "no
  // Origin": a browser never sends one, so it is refused as another site rather than let through.
  if (typeof sentOrigin === 'string' && originOf(sentOrigin.trim()) === null) return true;
  const origin = originOf(sentOrigin) ?? originOf(request.headers.referer);
  if (origin && !allowedOrigins(config, request).has(origin)) return true;
  return false;
}

export function assertSameSite(config: Pick<TConfig, 'publicUrl'>, request: FastifyRequest): void {
  if (isCrossSite(config, request)) throw new AppError('FORBIDDEN', { message: 'Cross-site requests are not allowed' });
}

/** For state-changing POSTs: same site, and a JSON body. */
export function assertSameSiteJsonPost(config: Pick<TConfig, 'publicUrl'>, request: FastifyRequest): void {
  assertSameSite(config, request);
  const type = String(request.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) {
    throw new AppError('FORBIDDEN', { message: 'State changes need a JSON request from this site' });
  }
}
