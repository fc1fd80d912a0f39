import { Center, Loader } from '@mantine/core';

/** Shown while the first route (and its lazy screen) loads. */
export function AppLoader() {
  return (
    <Center mih="60vh" data-testid="app-loader">
      <Loader color="red" type="dots" aria-label="Loading" />
    </Center>
  );
}
