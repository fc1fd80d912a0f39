/**
 * Replaces react-router's <ScrollRestoration>: positions are saved per history entry (and kept in
 * sessionStorage over reloads), and each location change applies `scrollDecision` (runtime/scroll.ts):
 * restore on back/forward, smooth-scroll to a hash target, keep on the same path, else top.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import {
  readScrollPositions,
  SCROLL_POSITIONS_KEY,
  scrollDecision,
  smoothScrollToElement,
  writeScrollPositions,
} from './runtime/scroll';
import { useAppRuntime } from './runtime-context';

/** Room for the fixed header above a hash target. */
const HASH_OFFSET = 72;
/** How long a restore keeps trying while the page is still growing (content loading). */
const RESTORE_TIMEOUT_MS = 2_000;

function restore(y: number): () => void {
  let frame = 0;
  let stopped = false;
  const started = performance.now();
  const stop = (): void => {
    stopped = true;
    cancelAnimationFrame(frame);
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchstart', stop);
    window.removeEventListener('keydown', stop);
  };
  const attempt = (): void => {
    if (stopped) return;
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) <= 1 || performance.now() - started > RESTORE_TIMEOUT_MS) {
      stop();
      return;
    }
    frame = requestAnimationFrame(attempt);
  };
  // The user taking over ends the attempts.
  window.addEventListener('wheel', stop, { passive: true });
  window.addEventListener('touchstart', stop, { passive: true });
  window.addEventListener('keydown', stop);
  attempt();
  return stop;
}

export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const { sessionStorage } = useAppRuntime();
  const positions = useRef<Map<string, number> | null>(null);
  const currentKey = useRef(location.key);
  const previousPath = useRef<string | null>(null);

  positions.current ??= readScrollPositions(sessionStorage.getItem(SCROLL_POSITIONS_KEY));

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = (): void => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        positions.current?.set(currentKey.current, window.scrollY);
      });
    };
    const persist = (): void => {
      positions.current?.set(currentKey.current, window.scrollY);
      try {
        sessionStorage.setItem(SCROLL_POSITIONS_KEY, writeScrollPositions(positions.current ?? new Map()));
      } catch {
        // storage full or unavailable: positions live in memory only
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = previous;
    };
  }, [sessionStorage]);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const decision = scrollDecision({
      navigationType,
      previousPathname: previousPath.current,
      pathname: location.pathname,
      hash: location.hash,
      saved: positions.current?.get(location.key),
    });
    previousPath.current = location.pathname;
    document.documentElement.dataset.scrollDecision = decision.kind;
    // The entry's position from now on (scroll events keep it current afterwards): a kept
    // position must be remembered even if the user never scrolls on this entry.
    const remember = (y: number): void => {
      positions.current?.set(location.key, y);
    };
    switch (decision.kind) {
      case 'restore':
        remember(decision.y);
        return restore(decision.y);
      case 'top':
        window.scrollTo(0, 0);
        remember(0);
        return undefined;
      case 'hash': {
        const fallback = decision.fallback;
        // The target may render in this commit's effects: look for it on the next frame.
        const frame = requestAnimationFrame(() => {
          if (!smoothScrollToElement(decision.id, HASH_OFFSET) && fallback === 'top') window.scrollTo(0, 0);
        });
        return () => cancelAnimationFrame(frame);
      }
      case 'keep':
      default:
        remember(window.scrollY);
        return undefined;
    }
    // Only a new history entry (key) decides; a re-render of the same entry does nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}
