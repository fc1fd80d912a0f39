import { keepPreviousData } from '@tanstack/react-query';
import { trpc, type TRouterOutputs } from '../../trpc';

export type TLandingSummary = TRouterOutputs['home']['landing'];
export type TGiftGuide = TLandingSummary['giftGuides'][number];
export type TMarket = TLandingSummary['markets'][number];

/**
 * The landing summary (member count, market data, markets, top-level guides) for a market, or the
 * server's default market when none is chosen; not asked for while `enabled` is false (the market
 * is still being decided). While another market loads, the previous data stays.
 */
export function useLandingSummary(market: string | null = null, options: { enabled?: boolean } = {}) {
  return trpc.home.landing.useQuery(market ? { market } : undefined, {
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
