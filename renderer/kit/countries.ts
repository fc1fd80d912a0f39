/**
 * The countries an address may name: the ISO 3166-1 alpha-2 codes (plus XK for Kosovo), named in
 * English by the browser's own Intl.DisplayNames (CLDR, updated with the browser). Hand-kept: no
 * browser API lists regions, and probing Intl.DisplayNames also yields retired and reserved codes
 * (SU, EU, ZZ…). Addresses store the code, as the demo data and the spec's markets do ("US", "CA").
 * Kept apart from the picker (country-select.tsx) so screens that only show a country stay light.
 */

export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
  'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
  'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR ' +
  'IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
  'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
  'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

/** Short names people type that are neither the English name nor the code. */
export const COUNTRY_ALIASES: Record<string, string[]> = {
  GB: ['UK', 'Great Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland', 'Britain'],
  US: ['USA', 'America', 'United States of America'],
  AE: ['UAE'],
  NL: ['Holland'],
  CZ: ['Czech Republic'],
  TR: ['Turkey'],
  CI: ['Ivory Coast'],
  MM: ['Burma'],
  SZ: ['Swaziland'],
};

/** [code, English name] for every country, sorted by name. */
export function countryOptions(): { value: string; label: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, 'en'),
  );
}

/** The country's English name for a stored value (a code, or text saved before the picker). */
export function countryName(value: string): string {
  const code = value.trim().toUpperCase();
  if (!COUNTRY_CODES.includes(code)) return value;
  return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }).of(code) ?? value;
}
