/**
 * The identity of an e-mail address: the ONE form in which two addresses are compared to decide
 * whether they belong to the same person (sign-up, floaters, invitations, related accounts,
 * switching, merges, social sign-in). Trimmed, Unicode NFC, lower-cased, and the domain in its
 * ASCII (IDNA, UTS #46) form, so `x@bücher.de` and `x@xn--bcher-kva.de` are one address while
 * `x@gmáil.com` and `x@gmail.com` (or `straße` and `strasse`) are two. The database stores this form
 * in binary-collated columns (`users.email_canonical`, `users.registered_email`) and compares it
 * byte for byte: no collation may fold accents or ß into a look-alike domain's owner.
 *
 * The domain is converted with the WHATWG URL parser's host parsing, which is the same UTS #46
 * processing as Node's `url.domainToASCII` (both are ada in Node; tests/unit/email-identity.test.ts
 * checks they agree) and is available in the browser too, so the renderer's forms refuse what the
 * server refuses. A domain that cannot be converted, or that mail cannot be delivered to (a trailing
 * dot, an empty label, an IP address, a label that is not a host name), makes the address invalid.
 */

/** Longest canonical address the columns hold (VARCHAR(255)). */
export const EMAIL_CANONICAL_MAX = 255;

// A host name label after conversion: letters, digits and inner hyphens, at most 63 characters.
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
// The top-level label starts with a letter (so no address parses as an IPv4 host) and has two or more.
const TOP_LABEL = /^[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
// Characters that would make the URL parser read something else than a host (path, port, user, escapes).
const NOT_IN_A_HOST = /[\s/\\?#:@%[\]<>^|"'`{}]/;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_TEXT_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The domain's ASCII (IDNA) form, or null when it is not a deliverable host name. */
export function domainToAsciiHost(domain: string): string | null {
  if (domain.length === 0 || NOT_IN_A_HOST.test(domain) || FORBIDDEN_TEXT_CHARS.test(domain)) return null;
  let host: string;
  try {
    host = new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
  if (host.length > 253) return null;
  const labels = host.split('.');
  if (labels.length < 2) return null;
  const top = labels[labels.length - 1]!;
  return labels.every((label) => LABEL.test(label)) && TOP_LABEL.test(top) ? host : null;
}

/**
 * The canonical form of an address, or null when it is not a valid address (no single `@`, an empty
 * or spaced local part, a domain that cannot be converted or is not deliverable).
 */
export function canonicalEmail(value: string): string | null {
  const text = value.trim().normalize('NFC').toLowerCase().normalize('NFC');
  const at = text.lastIndexOf('@');
  if (at <= 0 || at !== text.indexOf('@')) return null;
  const local = text.slice(0, at);
  if (/\s/.test(local) || FORBIDDEN_TEXT_CHARS.test(local)) return null;
  const domain = domainToAsciiHost(text.slice(at + 1));
  if (!domain) return null;
  const canonical = `${local}@${domain}`;
  return canonical.length <= EMAIL_CANONICAL_MAX ? canonical : null;
}

/** Whether two addresses are the same address (their canonical forms are equal and valid). */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const left = canonicalEmail(a);
  return left !== null && left === canonicalEmail(b);
}
