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
  const { identity } = useIdentity();
  if (identity === null) return <VisitorLanding />;
  return (
    <Suspense fallback={<LandingView market={null} chosen={null} landing={LANDING_LOADING} />}>
      <MemberLanding />
    </Suspense>
  );
}
