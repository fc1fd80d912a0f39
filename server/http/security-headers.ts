/**
 * Security headers on every answer, decided by helmet: a Content-Security-Policy allowing only our
 * own scripts (files, and two fixed inline scripts of a page's head, by their hashes;
 * Mantine needs inline styles) and no framing (frame-ancestors, X-Frame-Options), no MIME sniffing, a strict referrer policy (a route may set a stricter one, as the link interstitial
 * does), same-origin opener; https deployments add HSTS. Helmet has no Permissions-Policy, so that
 * one header is added here: no powerful browser features.
 *
 * Our headers depend on the configuration only (no nonce, no directive computed per request), so
 * helmet runs once, at start, and every answer gets the headers it set. @fastify/helmet, which this
 * replaces, built a new helmet middleware on every request (parsing the policy each time): about
 * 2.6 % of the allocations and 2 % of the CPU of a tRPC read under `npm run bench:api`.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { TConfig } from '../config';
import { EARLY_REFRESH_SCRIPT, INTL_WARM_UP } from '../contracts/early-refresh';

const hashSource = (script: string): string => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * The two fixed inline scripts a page may run, allowed by their hashes (server/contracts/early-refresh.ts):
 * a signed-in browser's first refresh, and the locale warm-up alone on a visitor's prerendered page.
 */
export const EARLY_REFRESH_CSP_SOURCE = hashSource(EARLY_REFRESH_SCRIPT);
export const INTL_WARM_UP_CSP_SOURCE = hashSource(INTL_WARM_UP);

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", EARLY_REFRESH_CSP_SOURCE, INTL_WARM_UP_CSP_SOURCE],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // blob: for pictures read with the member's token and shown from an object URL (the gallery's
  // photos, issue 31: only people in the exchange may read them, so they are not plain links).
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

type THelmetOptions = NonNullable<Parameters<typeof helmet>[0]>;

export function helmetOptions(config: Pick<TConfig, 'publicUrl'>): THelmetOptions {
  const https = config.publicUrl.startsWith('https://');
  return {
    // Our list only: helmet's defaults add upgrade-insecure-requests, which breaks http deployments.
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Pictures and the renderer are same-origin; the Electron console loads the same origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/** The headers helmet sets for these options, read from one run of its middleware. */
export function securityHeaders(options: THelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  headers['permissions-policy'] = 'camera=(), microphone=(), geolocation=(), payment=()';
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, config: Pick<TConfig, 'publicUrl'>): void {
  const headers = securityHeaders(helmetOptions(config));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
