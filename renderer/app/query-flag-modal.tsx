/** The lazily loaded contents of query-flag-dialogs.tsx: each flag's dialog and its copy. */
import { Button, Modal, Stack, Text } from '@mantine/core';
import type { TOpenDialog } from './query-flag-dialogs';

const COPY: Record<TOpenDialog['kind'], { title: string; body: string; testId: string }> = {
  priceDropRequest: {
    title: 'Price-drop alerts',
    body: 'Price-drop alerts are coming soon: we will tell you when a wish on your list gets cheaper at its shop.',
    testId: 'price-drop-request-dialog',
  },
  priceDropSignUp: {
    title: 'Sign up for price-drop alerts',
    body: 'Price-drop alerts are coming soon: once they are here, signing up sends you an e-mail whenever a wish you follow drops in price.',
    testId: 'price-drop-sign-up-dialog',
  },
  requestWishlist: {
    title: 'Ask for a wish list',
    body: 'Wish list requests are coming soon: you will be able to ask this member to share their wish list, and we will let you know when they do.',
    testId: 'request-wishlist-dialog',
  },
};

export default function QueryFlagModal({
  current,
  onClose,
}: {
  current: TOpenDialog | undefined;
  onClose: () => void;
}) {
  const copy = current ? COPY[current.kind] : null;
  return (
    <Modal opened={current !== undefined} onClose={onClose} title={copy?.title} centered>
      {current && copy && (
        <Stack
          gap="md"
          data-testid={copy.testId}
          data-user-id={current.kind === 'requestWishlist' ? current.userId : undefined}
        >
          <Text>{copy.body}</Text>
          <Button onClick={onClose} variant="light" data-testid="query-flag-dialog-close">
            Got it
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
