import { ENUM_CACHE_TTL_MS } from '../../contracts/constants';
import { CHANNELS, CURRENCIES, ENUM_NAMES, GENDERS, type TEnumName } from '../../contracts/enums';
import type { TCache } from '../../cache';
import { AppError } from '../../errors';

import type { TEnumValue } from '../../contracts/rest';

export type { TEnumValue };

function load(name: TEnumName): TEnumValue[] {
  switch (name) {
    case 'genders':
      return GENDERS.map((gender) => ({ value: gender.value, label: gender.label }));
    case 'currencies':
      return CURRENCIES.map((currency) => ({ value: currency, label: currency }));
    case 'channels':
      return CHANNELS.map((channel) => ({ value: channel, label: channel }));
  }
}

/** The enumerations of spec §3 as value/label pairs, cached for an hour (spec §9). */
export async function getEnum({ cache }: { cache: TCache }, { name }: { name: string }): Promise<TEnumValue[]> {
  if (!(ENUM_NAMES as readonly string[]).includes(name)) {
    throw new AppError('NOT_FOUND', { message: `Unknown enumeration (known: ${ENUM_NAMES.join(', ')})` });
  }
  return cache.getOrLoad(`enum:${name}`, ENUM_CACHE_TTL_MS, async () => load(name as TEnumName));
}
