/**
 * The shape of a route of the renderer (spec §2), shared by the per-domain route modules in
 * ./domains/ and the table that assembles them (./route-table.ts). Plain data: no React, no screens.
 */
export type TRouteGuard = 'signedIn' | 'known' | 'admin' | 'changesIdentity';

export interface TRouteFlags {
  readonly hideMobileHeader?: boolean;
  readonly hideHeader?: boolean;
  readonly hideMobileFooter?: boolean;
  readonly hideBackground?: boolean;
}

export interface TRouteDefinition {
  readonly name: string;
  readonly path: string;
  readonly flags?: TRouteFlags;
  readonly guard?: TRouteGuard;
  /** Name of another route of the table (typically the other design version). */
  readonly redirectTo?: string;
  /** Served outside the single-page app: reach it with a full page load; never mounted by the router. */
  readonly fullPageLoad?: boolean;
}

export const AUTH_FLAGS = { hideHeader: true, hideMobileFooter: true } as const;
export const FLOW_FLAGS = { hideMobileHeader: true, hideMobileFooter: true } as const;
