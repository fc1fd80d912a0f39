/**
 * Which kind of gift exchange one is: its game type and its theme (name, emoji, colour, tagline).
 * Plain values, re-exported by exchange-values.ts. A module of its own because the member's home
 * shows each exchange's theme and next step (which depends on the game) and nothing else of the
 * exchange domain's values: imported from here, the home page's first load carries these few lines
 * instead of every label, rule and limit of exchanges (issue 27).
 */

/** Invitation e-mails and the exchange's pages use the chosen theme. */
export const EXCHANGE_THEMES = [
  {
    id: 'classic',
    name: 'Classic Secret Santa',
    emoji: '🎅',
    color: '#c92a2a',
    tagline: 'Ho ho ho, who will you draw?',
  },
  {
    id: 'winter',
    name: 'Winter wonderland',
    emoji: '❄️',
    color: '#1864ab',
    tagline: 'A little warmth for the cold days',
  },
  { id: 'hanukkah', name: 'Hanukkah', emoji: '🕎', color: '#364fc7', tagline: 'Eight nights, one surprise' },
  { id: 'office', name: 'Office party', emoji: '💼', color: '#495057', tagline: 'Colleagues, gifts and good cheer' },
  { id: 'family', name: 'Family gathering', emoji: '🏡', color: '#2b8a3e', tagline: 'Everyone gives, everyone gets' },
  {
    id: 'friends',
    name: 'Friends',
    emoji: '🥂',
    color: '#862e9c',
    tagline: 'Because friends are the family we choose',
  },
  {
    id: 'white-elephant',
    name: 'White elephant',
    emoji: '🐘',
    color: '#5f3dc4',
    tagline: 'Funny, odd and unforgettable',
  },
  { id: 'birthday', name: 'Birthday', emoji: '🎂', color: '#d9480f', tagline: 'Many happy returns' },
] as const;
export type TExchangeThemeId = (typeof EXCHANGE_THEMES)[number]['id'];
export const EXCHANGE_THEME_IDS = EXCHANGE_THEMES.map((theme) => theme.id) as [TExchangeThemeId, ...TExchangeThemeId[]];
export const DEFAULT_EXCHANGE_THEME: TExchangeThemeId = 'classic';
export function exchangeTheme(id: string | null | undefined): (typeof EXCHANGE_THEMES)[number] {
  return EXCHANGE_THEMES.find((theme) => theme.id === id) ?? EXCHANGE_THEMES[0];
}

/**
 * Game types (issue 31): Secret Santa draws who gives to whom; the party games (White Elephant,
 * Yankee Swap) draw no person, only a random turn order for the party, shown with the rules.
 */
export const GAME_TYPES = ['secret-santa', 'white-elephant', 'yankee-swap'] as const;
export type TGameType = (typeof GAME_TYPES)[number];
export const DEFAULT_GAME_TYPE: TGameType = 'secret-santa';
export function isPartyGame(gameType: string): gameType is Exclude<TGameType, 'secret-santa'> {
  return gameType === 'white-elephant' || gameType === 'yankee-swap';
}
