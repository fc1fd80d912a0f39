/** Links out of the app (pure helpers, no React): through the link redirector, and a URL's host. */

/** A link out of the app, through the link redirector (spec §7). */
export function outboundHref(url: string): string {
  return `/v1/links/click?url=${encodeURIComponent(url)}`;
}

/** The host of a URL for display ("example.com"), or the text itself when it is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
