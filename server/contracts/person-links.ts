/**
 * People without e-mail (issue 31): the organizer adds a person by name only and shares a private
 * link; the link signs that person in for the exchange, on the first browser that opens it only
 * (docs/secrecy.md, "People without e-mail"). Shared with the renderer.
 */
import { z } from 'zod';
import { requiredText, ZUuid } from './validation';

/** A link token: 32 random bytes, base64url (43 characters). */
export const PERSON_LINK_TOKEN_LENGTH = 43;
export const ZPersonLinkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This link is not valid' });

/** The navigation that opens a link (it binds the browser and signs the person in). */
export const PERSON_LINK_PATH = '/auth/v2/person-link/';

/** The screen a link shows when it cannot sign the person in (opened elsewhere, replaced, unknown). */
export const PERSON_LINK_SCREEN_PATH = '/personal-link/';

export const ZAddNamedPerson = z.object({ exchangeId: ZUuid, name: requiredText(50, { name: true }) });
export const ZPersonLinkRef = z.object({ token: ZPersonLinkToken });

/** What the organizer sees of one person's link: never anything of the draw. */
export const ZPersonLinkView = z.object({
  userId: ZUuid,
  name: z.string(),
  url: z.string(),
  issuedAt: z.string(),
  /** When the current link was first opened (on some browser), or null. */
  openedAt: z.string().nullable(),
  /** When someone on another browser asked for a new link, or null. */
  newLinkRequestedAt: z.string().nullable(),
  /** How many links this person had before the current one. */
  replacedCount: z.number().int(),
});
export type TPersonLinkView = z.output<typeof ZPersonLinkView>;

/** What the link's screen shows to whoever holds the link but cannot use it on this browser. */
export const ZPersonLinkState = z.object({
  state: z.enum(['opened-elsewhere', 'replaced', 'not-opened', 'unknown']),
  exchangeTitle: z.string().nullable(),
  personName: z.string().nullable(),
  organizerName: z.string().nullable(),
  newLinkRequestedAt: z.string().nullable(),
});
export type TPersonLinkState = z.output<typeof ZPersonLinkState>;

/** The signed-in person's own link history in one exchange (their notice of a peek). */
export const ZMyPersonLink = z.object({
  /** Whether this seat takes part through a private link (a person without e-mail). */
  byLink: z.boolean(),
  /** Earlier links that had been opened before the organizer replaced them, newest first. */
  replacedAfterOpening: z.array(z.object({ openedAt: z.string(), replacedAt: z.string() })),
  /** Earlier links replaced before anyone opened them. */
  replacedUnopened: z.number().int(),
});
export type TMyPersonLink = z.output<typeof ZMyPersonLink>;
