/** OpenID Connect social sign-in: the /auth/v2 hooks and the callback route. */
export { oidcAuthExtensions, oidcRoutes, startSocialLogin, SOCIAL_ERROR_URL } from './routes';
export { createOidcRegistry, oidcRegistryFor, allowsInsecureIssuer, type TOidcRegistry } from './providers';
export {
  OIDC_LINK_AUDIENCE,
  OIDC_STATE_AUDIENCE,
  signOidcState,
  verifyOidcState,
  signPendingLink,
  verifyPendingLink,
  type TOidcState,
  type TPendingLink,
} from './signed-tokens';
export { profileFromClaims, namesFromProfile, redeemPendingLink, type TSocialProfile } from './accounts';
