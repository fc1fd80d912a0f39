/** The signed-in person's profile summary (`auth.me`), fetched only when there is an identity. */
import { trpc, type TRouterOutputs } from '../trpc';
import { useIdentity } from './identity-provider';

export type TMe = NonNullable<TRouterOutputs['auth']['me']>;

export function useMe() {
  const { identity, isReady } = useIdentity();
  return trpc.auth.me.useQuery(undefined, { enabled: isReady && identity !== null, staleTime: 60_000 });
}

/** A name to show for the person: their name, else their e-mail, else a neutral word. */
export function meLabel(me: Pick<TMe, 'name' | 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  const full = [me?.firstName, me?.lastName].filter(Boolean).join(' ').trim();
  return full || me?.name?.trim() || me?.email || 'Account';
}
