/**
 * Plain-text message bodies with their web addresses picked out, so a screen can render links as
 * elements (never as HTML): `linkify(text)` splits the text into text and link parts, in order,
 * losing nothing (joining every part's `text` gives the input back, line breaks included).
 *
 * Only absolute http(s) addresses become links; `javascript:`, `data:`, `mailto:` and the like stay
 * text. Punctuation that usually ends a sentence ("see https://a.example/x.") and a closing bracket
 * without its opening one stay outside the link.
 */

export type TTextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; url: string };

/** Longer "addresses" stay text: no real link is this long, and it keeps the parse cheap. */
export const LINK_MAX_LENGTH = 2000;

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?'"*_~]+$/;

/** Drop trailing punctuation and closing brackets that have no opening one inside the address. */
function trimCandidate(candidate: string): string {
  let text = candidate;
  for (;;) {
    const before = text;
    text = text.replace(TRAILING_PUNCTUATION, '');
    const last = text.at(-1);
    const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
    if (last && pairs[last]) {
      const opening = pairs[last];
      const opens = text.split(opening).length - 1;
      const closes = text.split(last).length - 1;
      if (closes > opens) text = text.slice(0, -1);
    }
    if (text === before) return text;
  }
}

/** The address as a safe absolute http(s) URL, or null. */
export function safeHttpUrl(candidate: string): string | null {
  if (candidate.length > LINK_MAX_LENGTH) return null;
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (!parsed.hostname) return null;
  // Credentials in a link ("https://bank.example@evil.example") only serve to mislead.
  if (parsed.username || parsed.password) return null;
  return parsed.href;
}

export function linkify(text: string): TTextPart[] {
  const parts: TTextPart[] = [];
  let plain = '';
  let index = 0;
  const pushText = (chunk: string): void => {
    plain += chunk;
  };
  const flushText = (): void => {
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
  };

  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const candidate = trimCandidate(match[0]);
    const url = candidate.length > 'https://'.length ? safeHttpUrl(candidate) : null;
    pushText(text.slice(index, start));
    if (url) {
      flushText();
      parts.push({ kind: 'link', text: candidate, url });
    } else {
      pushText(candidate);
    }
    index = start + candidate.length;
  }
  pushText(text.slice(index));
  flushText();
  return parts;
}
