/**
 * Route-based visibility of the shell's prompts (spec §2 "App shell behaviour", §6):
 * - the terms-of-service dialog shows for signed-in members who have not accepted, outside auth routes
 *   and the screens where accepting is part of the action (isTermsExemptRoute);
 * - the one-tap social sign-in prompt shows for visitors outside generator and auth routes, when
 *   there is at least one provider and it was not dismissed in this session.
 */
const AUTH_PREFIXES = ['/a/', '/auth/', '/switch-identity/'];
const GENERATOR_PREFIXES = ['/secret-santa-generator/', '/gift-exchange-generator/'];

function withSlash(pathname: string): string {
  return pathname.endsWith('/') ? pathname : `${pathname}/`;
}

export function isAuthRoute(pathname: string): boolean {
  const path = withSlash(pathname);
  return AUTH_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export function isGeneratorRoute(pathname: string): boolean {
  const path = withSlash(pathname);
  return GENERATOR_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * Screens the terms dialog never covers: the terms themselves, and the answer to an invitation,
 * where accepting the invitation accepts the terms (the form says so and links them).
 */
export function isTermsExemptRoute(pathname: string): boolean {
  const path = withSlash(pathname);
  return path === '/terms/' || /^\/gift-exchanges\/[^/]+\/rsvp\//.test(path);
}

export interface TTermsVisibilityInput {
  pathname: string;
  isReady: boolean;
  isAuthenticated: boolean;
  /** Support staff acting as a member do not accept terms on the member's behalf. */
  isImpersonated: boolean;
  /** The member's answer: true accepted, false not, null unknown (loading or failed). */
  accepted: boolean | null | undefined;
}

export function shouldShowTermsDialog(input: TTermsVisibilityInput): boolean {
  return (
    input.isReady &&
    input.isAuthenticated &&
    !input.isImpersonated &&
    !isAuthRoute(input.pathname) &&
    !isTermsExemptRoute(input.pathname) &&
    input.accepted === false
  );
}

/** Whether the terms answer should be asked for at all (the same rules, before the answer). */
export function shouldCheckTerms(input: Omit<TTermsVisibilityInput, 'accepted'>): boolean {
  return input.isReady && input.isAuthenticated && !input.isImpersonated;
}

export interface TOneTapVisibilityInput {
  pathname: string;
  isReady: boolean;
  /** Any identity (a floater counts as signed in for this prompt only when fully authenticated). */
  isAuthenticated: boolean;
  providerCount: number;
  dismissed: boolean;
}

export function shouldShowOneTap(input: TOneTapVisibilityInput): boolean {
  return (
    input.isReady &&
    !input.isAuthenticated &&
    input.providerCount > 0 &&
    !input.dismissed &&
    !isAuthRoute(input.pathname) &&
    !isGeneratorRoute(input.pathname)
  );
}

/** `/auth/v2/login/?idp=<id>&returnurl=<path+query>` (and `lh` when the browser gave an e-mail). */
export function socialLoginAddress(idp: string, returnUrl: string, loginHint?: string | null): string {
  const params = new URLSearchParams({ idp, returnurl: returnUrl });
  if (loginHint) params.set('lh', loginHint);
  return `/auth/v2/login/?${params.toString()}`;
}

export const ONE_TAP_DISMISSED_KEY = 'oneTapDismissed';
