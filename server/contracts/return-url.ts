/** Open-redirect safe return addresses (returnurl), shared by the auth endpoints and the renderer. */

const SAFE_BASE_HOST = 'same-site.invalid';
const MAX_RETURN_URL_LENGTH = 2048;
const MAX_DECODE_ROUNDS = 5;
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\u0000-\u007f]/;
// Controls, any Unicode whitespace, and invisible separators/bidi marks browsers may strip.
const UNSAFE_RAW_CHARS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff\\]/;
// eslint-disable-next-line no-control-regex
const UNSAFE_DECODED_PATH_CHARS = /[\u0000-\u001f\u007f\\]/;

function isSafeDecodedForm(form: string): boolean {
  if (!form.startsWith('/')) return false;
  // The URL parser removes tabs and newlines anywhere, so "/\t/evil" means "//evil".
  const cut = form.search(/[?#]/);
  const pathname = cut === -1 ? form : form.slice(0, cut);
  if (UNSAFE_DECODED_PATH_CHARS.test(pathname)) return false;
  const second = pathname.charAt(1);
  return second !== '/' && second !== '\\';
}

/**
 * Accepts only a same-site relative path (`/something...`) and otherwise answers `fallback`.
 * Rejects protocol-relative (`//host`), backslash (`/\host`), scheme (`https:host`,
 * `javascript:`) and percent-encoded variants of them, control characters and whitespace.
 */
export function safeReturnUrl(value: unknown, fallback = '/home/'): string {
  if (typeof value !== 'string') return fallback;
  if (value.length === 0 || value.length > MAX_RETURN_URL_LENGTH) return fallback;
  if (UNSAFE_RAW_CHARS.test(value)) return fallback;

  // Check the value and each successive percent-decoding of it: some servers and proxies decode
  // more than once, and `/%2F%2Fevil` must not become `//evil` anywhere along the way.
  let form = value;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round += 1) {
    if (!isSafeDecodedForm(form)) return fallback;
    let decoded: string;
    try {
      decoded = decodeURIComponent(form);
    } catch {
      return fallback; // malformed escapes
    }
    if (decoded === form) break;
    if (round === MAX_DECODE_ROUNDS) return fallback; // suspiciously deep encoding
    form = decoded;
  }

  // Final check with a real URL parser: the value must stay on the same (dummy) origin.
  let parsed: URL;
  try {
    parsed = new URL(value, `https://${SAFE_BASE_HOST}/`);
    if (parsed.protocol !== 'https:' || parsed.host !== SAFE_BASE_HOST) return fallback;
  } catch {
    return fallback;
  }
  // Non-ASCII (`/héllo/`) cannot travel in a Location header as it is: answer the parser's
  // percent-encoded form, which browsers read as the same address.
  return NON_ASCII.test(value) ? `${parsed.pathname}${parsed.search}${parsed.hash}` : value;
}
