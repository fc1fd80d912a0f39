/** The landing page of a signed-in member (landing-screen.tsx): its queries through the query cache. */
import { useMarket } from '../shop/use-market';
import { LandingView, landingMarket } from './landing-view';
import { useLandingSummary } from './use-landing-summary';

export default function MemberLanding() {
  const chosen = useMarket();
  const market = landingMarket(chosen);
  // Asked for once the market is known: asked for the server's default meanwhile, the page asked
  // twice and could show another market's guides first.
  const landing = useLandingSummary(market, { enabled: market !== null });
  return <LandingView market={market} chosen={chosen} landing={landing} />;
}
