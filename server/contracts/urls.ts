/**
 * Which URLs the product opens (spec §5). Kept apart from validation.ts and free of zod, because
 * the renderer's entry chunk needs it and must not carry zod.
 */
export const ALLOWED_URL_PROTOCOLS = ['http:', 'https:', 'ftp:'];

/** A URL is opened only if it is a valid http, https or ftp URL or an app-scheme link (spec §5). */
export function isOpenableUrl(value: string, appScheme: string): boolean {
  try {
    const url = new URL(value);
    return ALLOWED_URL_PROTOCOLS.includes(url.protocol) || url.protocol === appScheme;
  } catch {
    return false;
  }
}
