/** The lazily loaded half of back-to-top.tsx: the floating button and its slide-in. */
import { Affix, Button, Transition } from '@mantine/core';
import { smoothScrollToTop } from './runtime/scroll';

export default function BackToTopButton({ shown }: { shown: boolean }) {
  return (
    <Affix position={{ bottom: 60, right: 16 }} zIndex={120}>
      <Transition transition="slide-up" mounted={shown}>
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
