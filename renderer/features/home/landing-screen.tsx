/**
 * The landing page (`/`, v2.landing): hero, live member count, market selector with the market's
 * currency and locale, and the top-level gift guides of that market (landing-view.tsx).
 *
 * A visitor's page reads its queries with plain GETs and never loads the query cache (about 23
 * KiB gzip): the router renders this screen outside the data providers. A signed-in member's
 * (member-landing.tsx) loads with the query data, for their saved market.
 */
import { Suspense } from 'react';
import { useIdentity } from '../../auth/identity-provider';
import { lazyWithData } from '../../data/data-loader';
import { useVisitorQuery } from '../../data/visitor-queries';
import { useVisitorMarket } from '../shop/use-visitor-market';
import { LANDING_LOADING, LandingView, landingMarket } from './landing-view';

const MemberLanding = lazyWithData(() => import('./member-landing'));

function VisitorLanding() {
  const chosen = useVisitorMarket();
  const market = landingMarket(chosen);
  const landing = useVisitorQuery('home.landing', market ? { market } : undefined, {
    keepPrevious: true,
    staleTime: 60_000,
  });
  return <LandingView market={market} chosen={chosen} landing={landing} />;
}

export default function LandingScreen() {
  const { identity, isReady } = useIdentity();
  const loading = <LandingView market={null} chosen={null} landing={LANDING_LOADING} />;
  // Until the first refresh says who this is (a page with the refresh cookie), neither: a member's
  // page used to show the visitor's landing meanwhile, and ask its queries for nothing. A visitor's
  // page (no cookie) knows at once, and hydrates its prerendered markup as before.
  if (!isReady) return loading;
  if (identity === null) return <VisitorLanding />;
  return (
    <Suspense fallback={loading}>
      <MemberLanding />
    </Suspense>
  );
}
