/**
 * The app's links: react-router's `<Link>` without its framework-mode prefetching.
 *
 * react-router 7's Link always carries `prefetch` support (PrefetchPageLinks, which reads the
 * framework's route manifest) and view transitions, which this app never uses (its router is its
 * own, renderer/routes/router.tsx). With react-router's components left unused, the build drops
 * them (scripts/lib/vendor-shake.ts): 4.4 KiB gzip less on every page. This one keeps
 * what a link does here: an `href` resolved by the router, a click handled in-app (modifier
 * keys, other targets and other origins left to the browser), `replace` and `state`.
 */
import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';
import { localAddress } from '../client/url';

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

export const Link = forwardRef<HTMLAnchorElement, TLinkProps>(function Link(
  { to, replace, state, target, onClick, ...rest },
  ref,
) {
  const local = localTarget(to);
  const href = useHref(local ?? '.');
  const handleClick = useLinkClickHandler(local ?? '.', { replace, state, target });
  if (local === null) return <a {...rest} ref={ref} href={to as string} target={target} onClick={onClick} />;
  return (
    <a
      {...rest}
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
