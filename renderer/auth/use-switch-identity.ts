/**
 * Switching this tab to another account of the same person (a related account or a managed
 * child): POST /auth/v2/switch/, store the new tokens, go to the safe return address. Shared by the
 * switch-identity screen and the family manager.
 */
import { useState } from 'react';
import { useAppNavigate } from '../routes/app-navigate';
import { safeReturnUrl } from '../../server/contracts/return-url';
import { preloadPage } from '../routes/preload';
import { authErrorMessage } from './api';
import { useIdentity } from './identity-provider';

export function useSwitchIdentity(options: { onError?: (message: string) => void } = {}) {
  const { api, setTokens } = useIdentity();
  const navigate = useAppNavigate();
  const [pendingUid, setPendingUid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function switchTo(uid: string, returnurl: string): Promise<void> {
    setPendingUid(uid);
    setError(null);
    // The destination's code loads while the switch is answered, not after it.
    preloadPage(safeReturnUrl(returnurl));
    try {
      const answer = await api.switchIdentity({ uid, returnurl });
      setTokens(answer.accessToken, answer.auditToken);
      await navigate(safeReturnUrl(answer.returnUrl), { replace: true });
    } catch (failure) {
      const message = authErrorMessage(failure);
      setError(message);
      options.onError?.(message);
      setPendingUid(null);
    }
  }
  return { switchTo, pendingUid, error };
}
