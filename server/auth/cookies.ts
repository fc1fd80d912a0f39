/** The refresh-token cookie: HttpOnly, SameSite=Lax, Path=/; Secure with the __Host- prefix on https. */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { TConfig } from '../config';

export function isHttps(config: Pick<TConfig, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https://');
}

export function refreshCookieName(config: Pick<TConfig, 'publicUrl'>): string {
  return isHttps(config) ? '__Host-gifting_rt' : 'gifting_rt';
}

export function refreshCookieOptions(config: Pick<TConfig, 'publicUrl' | 'refreshAbsoluteMs'>): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(config),
    path: '/',
    maxAge: Math.floor(config.refreshAbsoluteMs / 1000),
  };
}

/** Short-lived cookie carrying the OpenID Connect state, nonce and PKCE verifier (signed JWT). */
export function oidcCookieName(config: Pick<TConfig, 'publicUrl'>): string {
  return isHttps(config) ? '__Host-gifting_oidc' : 'gifting_oidc';
}
