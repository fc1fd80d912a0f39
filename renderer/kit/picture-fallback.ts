import { useState } from 'react';

/**
 * Whether to show the picture: a person's picture until it fails to load, then their initials
 * (the account button's and kit/person-avatar.tsx's circles). A new address is tried again.
 */
export function usePictureFallback(pictureUrl: string | null | undefined): {
  showPicture: boolean;
  onError: () => void;
} {
  const [failed, setFailed] = useState<string | null>(null);
  return {
    showPicture: Boolean(pictureUrl) && failed !== pictureUrl,
    onError: () => setFailed(pictureUrl ?? null),
  };
}
