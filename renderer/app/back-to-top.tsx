/** A "back to top" button once the page is scrolled down; it scrolls smoothly (468 ms, spec §9). */
import { Affix, Button, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { smoothScrollToTop } from './runtime/scroll';

export function BackToTop() {
  const [scroll] = useWindowScroll();
  return (
    <Affix position={{ bottom: 60, right: 16 }} zIndex={120}>
      <Transition transition="slide-up" mounted={scroll.y > 800}>
        {(styles) => (
          <Button
            style={styles}
            size="xs"
            variant="default"
            onClick={() => smoothScrollToTop()}
            data-testid="back-to-top"
          >
            ↑ Back to top
          </Button>
        )}
      </Transition>
    </Affix>
  );
}
