/** The signed-in person's profile summary (`auth.me`), fetched only when there is an identity. */
import { trpc } from '../trpc';
import { useIdentity } from './identity-provider';

export { meLabel, type TMe } from './me-store';

export function useMe() {
  const { identity, isReady } = useIdentity();
  return trpc.auth.me.useQuery(undefined, { enabled: isReady && identity !== null, staleTime: 60_000 });
}
