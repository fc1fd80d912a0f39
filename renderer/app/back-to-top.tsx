/**
 * A "back to top" button once the page is scrolled down; it scrolls smoothly (468 ms, spec §9).
 * The button's code (Affix, Transition) loads the first time the page is scrolled that far.
 */
import { useWindowScroll } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';

const BackToTopButton = lazy(() => import('./back-to-top-button'));

const SHOW_AFTER_PX = 800;

export function BackToTop() {
  const [scroll] = useWindowScroll();
  const shown = scroll.y > SHOW_AFTER_PX;
  const [needed, setNeeded] = useState(false);
  if (shown && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <BackToTopButton shown={shown} />
    </Suspense>
  );
}
