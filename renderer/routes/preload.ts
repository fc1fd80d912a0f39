/**
 * Fetching a page's code before going there, where the destination is known ahead of a slow step:
 * switching accounts or starting a support session waits on a POST, then on the destination
 * screen's chunk, then on its data (issue 26: about 2.7 s). Preloading the chunk during the POST
 * takes one round trip out of that chain.
 *
 * The router registers how (it knows the screens); features and auth only say where, so they never
 * import the screen list (renderer/routes/screens.ts), which would make an import cycle.
 */
type TPreloader = (pathname: string) => void;

let preloader: TPreloader | null = null;

export function setPagePreloader(next: TPreloader): void {
  preloader = next;
}

/** Starts loading the code of the page at `url` (a path or an address on this origin); never throws. */
export function preloadPage(url: string): void {
  try {
    preloader?.(new URL(url, globalThis.location?.origin ?? 'http://localhost').pathname);
  } catch {
    // A preload is only a head start: the navigation loads the code all the same.
  }
}
