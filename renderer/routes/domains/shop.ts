/** Shop routes (spec §2): names, paths, guards, flags and redirects; no screens (see ../screens.ts). */
import type { TRouteDefinition } from '../definitions';

export const shopRoutes = [
  { name: 'v2.shop.root', path: '/shop/' },
  { name: 'v2.shop.search', path: '/shop/search/' },
  { name: 'v2.shop.newArrivals', path: '/shop/new-arrivals/' },
  // The gift guide's link target (spec §3: "Its link target goes to the giftGuide route").
  { name: 'v2.giftGuide', path: '/shop/gift-guides/:giftGuideId/' },
] as const satisfies readonly TRouteDefinition[];
