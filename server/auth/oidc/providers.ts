/**
 * The configured OpenID Connect providers (OIDC_PROVIDERS) and their discovered client
 * configurations. Discovery runs once per provider and is cached; a failed discovery is forgotten
 * so the next sign-in tries again.
 */
import * as client from 'openid-client';
import type { TConfig, TOidcProviderConfig } from '../../config';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const DISCOVERY_TIMEOUT_SECONDS = 10;

export interface TOidcRegistry {
  /** The provider with this id, or undefined when it is not configured. */
  find(id: string): TOidcProviderConfig | undefined;
  /** The discovered openid-client configuration for a configured provider. */
  clientConfiguration(provider: TOidcProviderConfig): Promise<client.Configuration>;
  /** The redirect_uri registered with the provider for this app. */
  redirectUri(providerId: string): string;
}

type TRegistryConfig = Pick<TConfig, 'oidcProviders' | 'publicUrl' | 'nodeEnv'>;

/** Plain-http issuers are accepted only on loopback and never in production (local IdPs, tests). */
export function allowsInsecureIssuer(config: Pick<TConfig, 'nodeEnv'>, issuer: string): boolean {
  if (config.nodeEnv === 'production') return false;
  const url = new URL(issuer);
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

export function createOidcRegistry(config: TRegistryConfig): TOidcRegistry {
  const byId = new Map(config.oidcProviders.map((provider) => [provider.id, provider]));
  const discovered = new Map<string, Promise<client.Configuration>>();

  const discover = (provider: TOidcProviderConfig): Promise<client.Configuration> => {
    const options: client.DiscoveryRequestOptions = { timeout: DISCOVERY_TIMEOUT_SECONDS };
    if (allowsInsecureIssuer(config, provider.issuer)) options.execute = [client.allowInsecureRequests];
    return client.discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, options);
  };

  return {
    find: (id) => byId.get(id),
    clientConfiguration(provider) {
      let pending = discovered.get(provider.id);
      if (!pending) {
        pending = discover(provider);
        discovered.set(provider.id, pending);
        pending.catch(() => {
          if (discovered.get(provider.id) === pending) discovered.delete(provider.id);
        });
      }
      return pending;
    },
    redirectUri: (providerId) => `${config.publicUrl}/auth/v2/oidc/callback/${encodeURIComponent(providerId)}/`,
  };
}

const registries = new WeakMap<TRegistryConfig, TOidcRegistry>();

/** One registry (and discovery cache) per configuration object, shared by the routes and hooks. */
export function oidcRegistryFor(config: TRegistryConfig): TOidcRegistry {
  let registry = registries.get(config);
  if (!registry) {
    registry = createOidcRegistry(config);
    registries.set(config, registry);
  }
  return registry;
}
