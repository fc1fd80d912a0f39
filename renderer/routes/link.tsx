/**
 * The app's links: react-router's `<Link>` without its framework-mode prefetching.
 *
 * react-router 7's Link always carries `prefetch` support (PrefetchPageLinks, which reads the
 * framework's route manifest) and view transitions, which this app never uses (its router is its
 * own, renderer/routes/router.tsx). With react-router's components left unused, the build drops
 * them (scripts/lib/vendor-shake.ts): 4.4 KiB gzip less on every page. This one keeps
 * what a link does here: an `href` resolved by the router, a click handled in-app (modifier
 * keys, other targets and other origins left to the browser), `replace` and `state`.
 *
 * A link also starts loading its page's code when someone shows the intent to follow it: pointed
 * at for a moment, focused, or touched. The entry does not list each screen's files (that list
 * weighed 3.4 KiB gzip on every first load; scripts/lib/screen-preloads.ts), so the browser
 * finds them in the screen's imports, one round trip later: taken before the click, not after.
 */
import {
  forwardRef,
  useRef,
  type AnchorHTMLAttributes,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type TouchEvent,
} from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';
import { localAddress } from '../client/url';
import { preloadPage } from './preload';

/** How long a pointer rests on a link before its page's code loads: passing over it is not intent. */
const HOVER_INTENT_MS = 80;

export interface TLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

/** An address with a scheme (`https:`, `mailto:`) or protocol-relative (`//host`): not the router's. */
const ABSOLUTE = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** `to` as the router's path when it is an absolute address of this origin; null when another origin's. */
function localTarget(to: To): To | null {
  if (typeof to !== 'string' || !ABSOLUTE.test(to)) return to;
  if (typeof window === 'undefined') return null;
  const address = localAddress(to, window.location.origin);
  return address.external ? null : address.to;
}

/** Handlers that preload `href`'s page on intent, each calling the link's own handler first. */
function useIntentPreload(
  href: string,
  own: Pick<TLinkProps, 'onPointerEnter' | 'onPointerLeave' | 'onFocus' | 'onTouchStart'>,
) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = (): void => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  return {
    onPointerEnter: (event: PointerEvent<HTMLAnchorElement>) => {
      own.onPointerEnter?.(event);
      cancel();
      timer.current = setTimeout(() => preloadPage(href), HOVER_INTENT_MS);
    },
    onPointerLeave: (event: PointerEvent<HTMLAnchorElement>) => {
      own.onPointerLeave?.(event);
      cancel();
    },
    onFocus: (event: FocusEvent<HTMLAnchorElement>) => {
      own.onFocus?.(event);
      preloadPage(href);
    },
    onTouchStart: (event: TouchEvent<HTMLAnchorElement>) => {
      own.onTouchStart?.(event);
      preloadPage(href);
    },
  };
}

export const Link = forwardRef<HTMLAnchorElement, TLinkProps>(function Link(
  { to, replace, state, target, onClick, onPointerEnter, onPointerLeave, onFocus, onTouchStart, ...rest },
  ref,
) {
  const local = localTarget(to);
  const href = useHref(local ?? '.');
  const handleClick = useLinkClickHandler(local ?? '.', { replace, state, target });
  const intent = useIntentPreload(href, { onPointerEnter, onPointerLeave, onFocus, onTouchStart });
  if (local === null) {
    const own = { onPointerEnter, onPointerLeave, onFocus, onTouchStart };
    return <a {...rest} {...own} ref={ref} href={to as string} target={target} onClick={onClick} />;
  }
  return (
    <a
      {...rest}
      {...intent}
      ref={ref}
      href={href}
      target={target}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) handleClick(event);
      }}
    />
  );
});
