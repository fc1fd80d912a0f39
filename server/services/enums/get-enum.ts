import { CHANNELS, CURRENCIES, ENUM_NAMES, GENDERS, type TEnumName } from '../../contracts/enums';
import { AppError } from '../../errors';

export type TEnumValue = { value: string; label: string };

/** The enumerations of spec §3 as value/label pairs. */
export function getEnum({ name }: { name: string }): TEnumValue[] {
  if (!(ENUM_NAMES as readonly string[]).includes(name)) {
    throw new AppError('NOT_FOUND', { message: `Unknown enumeration: ${name}` });
  }
  switch (name as TEnumName) {
    case 'genders':
      return GENDERS.map((gender) => ({ value: gender.value, label: gender.label }));
    case 'currencies':
      return CURRENCIES.map((currency) => ({ value: currency, label: currency }));
    case 'channels':
      return CHANNELS.map((channel) => ({ value: channel, label: channel }));
  }
}
