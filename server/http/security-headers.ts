/**
 * Security headers on every answer: no MIME sniffing, no framing, a strict referrer policy, no
 * powerful browser features; pages get a Content-Security-Policy allowing only our own scripts
 * (Mantine needs inline styles); https deployments add HSTS.
 */
import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../config';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance, config: Pick<TConfig, 'publicUrl'>): void {
  const https = config.publicUrl.startsWith('https://');
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', reply.getHeader('referrer-policy') ?? 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    return payload;
  });
}
