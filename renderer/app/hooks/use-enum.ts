/**
 * Enumerations (spec §3, §7, §8): GET /v1/enums/{genders|currencies|channels}; on failure the
 * built-in lists of server/contracts/enums.ts (the failure is logged, never shown).
 */
import { useQuery } from '@tanstack/react-query';
import { CHANNELS, CURRENCIES, GENDERS, type TEnumName } from '../../../server/contracts/enums';
import { ENUM_CACHE_TTL_MS } from '../../../server/contracts/constants';
import { useAppRuntime } from '../runtime-context';

export interface TEnumOption {
  value: string;
  label: string;
}

export function enumFallback(name: TEnumName): TEnumOption[] {
  switch (name) {
    case 'genders':
      return GENDERS.map((gender) => ({ value: gender.value, label: gender.label }));
    case 'currencies':
      return CURRENCIES.map((currency) => ({ value: currency, label: currency }));
    case 'channels':
    default:
      return CHANNELS.map((channel) => ({ value: channel, label: channel }));
  }
}

/** Keeps well-formed options only; null when the answer is not a list of options. */
export function parseEnumOptions(value: unknown): TEnumOption[] | null {
  if (!Array.isArray(value)) return null;
  const options: TEnumOption[] = [];
  for (const item of value) {
    if (typeof item === 'string') options.push({ value: item, label: item });
    else if (item && typeof item === 'object' && typeof (item as TEnumOption).value === 'string') {
      const option = item as { value: string; label?: unknown };
      options.push({ value: option.value, label: typeof option.label === 'string' ? option.label : option.value });
    }
  }
  return options;
}

export function useEnum(name: TEnumName) {
  const { requester, logger } = useAppRuntime();
  return useQuery({
    queryKey: ['enums', name],
    staleTime: ENUM_CACHE_TTL_MS,
    placeholderData: () => enumFallback(name),
    queryFn: async (): Promise<TEnumOption[]> => {
      try {
        const parsed = parseEnumOptions(await requester.request({ method: 'GET', url: `/v1/enums/${name}` }));
        if (parsed) return parsed;
        logger.warn('enums', `The ${name} enumeration answered an unexpected shape; using the built-in list`);
      } catch (error) {
        logger.logError('enums', error, { enum: name, fallback: true });
      }
      return enumFallback(name);
    },
  });
}
