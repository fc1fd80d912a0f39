/**
 * The default async component delay (spec §9, 200 ms): loaders and progress indicators appear only
 * when loading takes longer, so fast loads never flash a spinner.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_ASYNC_COMPONENT_DELAY_MS } from '../../server/contracts/constants';

/** True once `active` has stayed true for `delayMs`. */
export function useDelayedFlag(active: boolean, delayMs = DEFAULT_ASYNC_COMPONENT_DELAY_MS): boolean {
  // One token per activation: the timer marks its own activation as shown, so a deactivation
  // needs no state reset and a later activation starts hidden again.
  const token = useMemo(() => (active ? {} : null), [active]);
  const [shownToken, setShownToken] = useState<object | null>(null);
  useEffect(() => {
    if (!token) return undefined;
    const timer = setTimeout(() => setShownToken(token), delayMs);
    return () => clearTimeout(timer);
  }, [token, delayMs]);
  return token !== null && shownToken === token;
}

/** Renders `children` only after `delayMs`. */
export function Delayed({
  children,
  delayMs = DEFAULT_ASYNC_COMPONENT_DELAY_MS,
}: {
  children: ReactNode;
  delayMs?: number;
}) {
  const shown = useDelayedFlag(true, delayMs);
  return shown ? children : null;
}
