import { Center, Loader } from '@mantine/core';
import { DEFAULT_ASYNC_COMPONENT_DELAY_MS } from '../../server/contracts/constants';
import { Delayed } from './delayed';

/**
 * Shown while the first route (and its lazy screen) loads. The spinner itself appears only after
 * the default async component delay (200 ms), so fast loads show nothing but the reserved space.
 */
export function AppLoader({ delayMs = DEFAULT_ASYNC_COMPONENT_DELAY_MS }: { delayMs?: number }) {
  return (
    <Center mih="60vh" data-testid="app-loader">
      <Delayed delayMs={delayMs}>
        <Loader color="red" type="dots" aria-label="Loading" />
      </Delayed>
    </Center>
  );
}
