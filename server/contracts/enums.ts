/** Enumerations of spec §3. The client falls back to these when the server answer fails. */
export const GENDERS = [
  { value: 'female', label: 'She/Her' },
  { value: 'male', label: 'He/Him' },
  { value: 'neutral', label: 'They/Them' },
] as const;

export const CURRENCIES = ['USD', 'CAD', 'GBP', 'AUD', 'EUR', 'MXN', 'BRL', 'HKD', 'INR', 'BTC'] as const;

export const CHANNELS: readonly string[] = [];

export const ENUM_NAMES = ['genders', 'currencies', 'channels'] as const;
export type TEnumName = (typeof ENUM_NAMES)[number];

export type TGender = (typeof GENDERS)[number]['value'];
export type TCurrency = (typeof CURRENCIES)[number];

/** Default market options (spec §3). */
export const DEFAULT_MARKETS = [
  { countryCode: 'CA', country: 'Canada', currency: 'CAD' },
  { countryCode: 'US', country: 'USA', currency: 'USD' },
  { countryCode: 'GB', country: 'UK', currency: 'GBP' },
] as const;
