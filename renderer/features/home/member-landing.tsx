/** The landing page of a signed-in member (landing-screen.tsx): its queries through the query cache. */
import { useMarket } from '../shop/use-market';
import { LandingView, landingMarket } from './landing-view';
import { useLandingSummary } from './use-landing-summary';

export default function MemberLanding() {
  const chosen = useMarket();
  const market = landingMarket(chosen);
  const landing = useLandingSummary(market);
  return <LandingView market={market} chosen={chosen} landing={landing} />;
}
