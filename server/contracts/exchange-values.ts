/**
 * The gift-exchange domain's plain values (statuses, labels, themes, limits, defaults) and the bulk
 * invite parser: zod-free, so the renderer's screens that only show an exchange do not download the
 * validation library (server/contracts/exchanges.ts re-exports all of it with its schemas).
 */
import { DEFAULT_DELIVERY_TYPE, DEFAULT_EXCHANGE_BUDGET } from './constants';
import { DEFAULT_EXCHANGE_THEME, type TGameType } from './exchange-kinds';

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** Lifecycle: open for sign-up → drawn → exchanged (after the exchange date) → archived. */
export const EXCHANGE_STATUSES = ['draft', 'open', 'drawn', 'exchanged', 'archived'] as const;
export type TExchangeStatus = (typeof EXCHANGE_STATUSES)[number];
export const EXCHANGE_STATUS_LABELS: Record<TExchangeStatus, string> = {
  draft: 'Draft',
  open: 'Open for sign-up',
  drawn: 'Names drawn',
  exchanged: 'Gifts exchanged',
  archived: 'Archived',
};

export const DELIVERY_TYPES = ['mail', 'inPerson'] as const;
export type TDeliveryType = (typeof DELIVERY_TYPES)[number];
export const DELIVERY_TYPE_LABELS: Record<TDeliveryType, string> = {
  mail: 'Gifts are sent by mail',
  inPerson: 'Gifts are exchanged in person',
};

export const EXCHANGE_RESPONSES = ['accept', 'decline'] as const;
export type TExchangeResponse = (typeof EXCHANGE_RESPONSES)[number];

/**
 * A participant's state. `organizing`: the organizer or an assistant who only organizes (no gift
 * given or received). Disqualification is a separate flag: a disqualified participant keeps their
 * answer but stays out of the draw until restored.
 */
export const PARTICIPANT_STATUSES = ['invited', 'accepted', 'declined', 'organizing'] as const;
export type TParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

// The game types and themes live in a module of their own, so a page that only shows which kind of
// exchange one is (the member's home) does not download the rest of these values.
export {
  DEFAULT_EXCHANGE_THEME,
  DEFAULT_GAME_TYPE,
  EXCHANGE_THEME_IDS,
  EXCHANGE_THEMES,
  GAME_TYPES,
  exchangeTheme,
  isPartyGame,
  type TExchangeThemeId,
  type TGameType,
} from './exchange-kinds';

export const EXCHANGE_TITLE_MAX = 100;
export const EXCHANGE_PARTICIPANTS_MAX = 10_000;
export const INVITES_PER_REQUEST_MAX = 200;
export const ICE_BREAKER_QUESTIONS_MAX = 10;
export const EXCHANGE_MESSAGE_MAX = 2000;
export const THANK_YOU_MAX = 2000;
export const WALL_POST_MAX = 2000;

export const GAME_TYPE_LABELS: Record<TGameType, string> = {
  'secret-santa': 'Secret Santa',
  'white-elephant': 'White Elephant',
  'yankee-swap': 'Yankee Swap',
};
export const GAME_TYPE_DESCRIPTIONS: Record<TGameType, string> = {
  'secret-santa': 'Everyone draws one person to give a gift to, in secret.',
  'white-elephant': 'Everyone brings one wrapped gift; at the party people take turns to open one or steal one.',
  'yankee-swap': 'Like White Elephant, and the first person gets a last chance to swap at the end.',
};
/** The rules shown with a party game's turn order. */
export const GAME_RULES: Record<Exclude<TGameType, 'secret-santa'>, readonly string[]> = {
  'white-elephant': [
    'Everyone brings one wrapped gift within the budget and puts it on the pile.',
    'In turn order, each person either opens a wrapped gift from the pile or steals an opened gift from someone.',
    'Someone whose gift is stolen opens a new gift or steals another one (not the one just taken from them).',
    'A gift can be stolen at most three times; after its third steal it stays with its owner.',
    'The game ends when every gift is opened.',
  ],
  'yankee-swap': [
    'Everyone brings one wrapped gift within the budget and puts it on the pile.',
    'In turn order, each person either opens a wrapped gift from the pile or swaps for an opened gift.',
    'Someone whose gift is swapped away opens a new gift or swaps for another one.',
    'When every gift is open, the first person gets one last turn to swap with anyone.',
  ],
};
/** The fewest people a party game's turn order needs. */
export const PARTY_GAME_MIN_PLAYERS = 2;
/** How an anonymous wall post names its author to everyone but the author. */
export const ANONYMOUS_WALL_NAME = 'Someone in the exchange';

/** Exchange defaults of spec §3 and §9. */
export const EXCHANGE_DEFAULTS = {
  budget: { currency: DEFAULT_EXCHANGE_BUDGET.currency, amount: DEFAULT_EXCHANGE_BUDGET.amount },
  deliveryType: DEFAULT_DELIVERY_TYPE as TDeliveryType,
  themeId: DEFAULT_EXCHANGE_THEME,
} as const;

/** Exchange response defaults of spec §3. */
export const EXCHANGE_RESPONSE_DEFAULTS = {
  response: 'accept' as TExchangeResponse,
  willShipInternationally: false,
  notifyOfReplies: false,
} as const;

/** Reasons a draw cannot be made, as `details.reason` of the error the draw answers. */
export const DRAW_FAILURE_REASONS = [
  'too-few-participants',
  'no-valid-assignment',
  'single-loop-impossible',
  'no-mutual-pairs-impossible',
  'not-found',
] as const;

/**
 * Reads pasted lines of names and e-mails (`Ann Lee <ann@example.com>`, `Ann Lee, ann@example.com`,
 * `ann@example.com Ann Lee`, tab-separated spreadsheet rows, or a bare address). Ours, not a library:
 * the accepted forms are product decisions and the parser must run in the browser for the preview.
 */
export function parseInviteLines(text: string): { row: number; name: string | null; email: string }[] {
  const rows: { row: number; name: string | null; email: string }[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (!trimmed) return;
    const angle = /^(.*?)<([^>]*)>\s*$/.exec(trimmed);
    if (angle) {
      rows.push({ row: index + 1, name: cleanName(angle[1] ?? ''), email: (angle[2] ?? '').trim() });
      return;
    }
    const parts = trimmed.split(/[,;\t]+|\s+/).filter(Boolean);
    const emailIndex = parts.findIndex((part) => part.includes('@'));
    if (emailIndex === -1) {
      rows.push({ row: index + 1, name: cleanName(trimmed), email: '' });
      return;
    }
    const email = parts[emailIndex] ?? '';
    const name = parts.filter((_, i) => i !== emailIndex).join(' ');
    rows.push({ row: index + 1, name: cleanName(name), email });
  });
  return rows;
}

function cleanName(value: string): string | null {
  const name = value.replace(/^["'\s,;]+|["'\s,;]+$/g, '').trim();
  return name || null;
}
