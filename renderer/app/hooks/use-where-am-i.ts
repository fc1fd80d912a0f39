/** GET /v1/auth/.where-am-i → the visitor's country code; null on failure (spec §7). */
import { useQuery } from '@tanstack/react-query';
import { useAppRuntime } from '../runtime-context';

export function parseWhereAmI(value: unknown): string | null {
  const code = (value as { countryCode?: unknown } | null)?.countryCode;
  return typeof code === 'string' && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : null;
}

export function useWhereAmI() {
  const { requester } = useAppRuntime();
  return useQuery({
    queryKey: ['where-am-i'],
    staleTime: Infinity,
    queryFn: async (): Promise<string | null> => {
      try {
        return parseWhereAmI(await requester.request({ method: 'GET', url: '/v1/auth/.where-am-i' }));
      } catch {
        return null;
      }
    },
  });
}
