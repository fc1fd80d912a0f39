/**
 * Security headers on every answer, by @fastify/helmet: a Content-Security-Policy allowing only our
 * own scripts (Mantine needs inline styles) and no framing (frame-ancestors, X-Frame-Options), no
 * MIME sniffing, a strict referrer policy (a route may set a stricter one, as the link interstitial
 * does), same-origin opener; https deployments add HSTS. Helmet has no Permissions-Policy, so that
 * one header is added here: no powerful browser features.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../config';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
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

export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<TConfig, 'publicUrl'>): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
    global: true,
    // Our list only: helmet's defaults add upgrade-insecure-requests, which breaks http deployments.
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Pictures and the renderer are same-origin; the Electron console loads the same origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  });
}
