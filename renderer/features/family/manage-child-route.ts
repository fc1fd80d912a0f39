/**
 * Where a family manager changes a child account: the child's profile address with `?manage=<tab>`
 * (the route table is fixed, so the manager's screen shares /profile/:userId/ with the profile).
 * Small on purpose: the child cards and the profile screen link here without loading the screen.
 */
import { href } from '../../routes/route-table';

export const MANAGE_TABS = ['profile', 'privacy', 'notifications', 'account'] as const;
export type TManageTab = (typeof MANAGE_TABS)[number];

/** The address of one tab of the manager's screen for a child. */
export function manageHref(userId: string, tab: TManageTab = 'profile'): string {
  return href('v2.profile.main', { userId }, { manage: tab });
}

/** The tab a `manage` query value asks for: null without one (the profile), else a known tab or the first. */
export function manageTabOf(value: string | null): TManageTab | null {
  if (value === null) return null;
  return (MANAGE_TABS as readonly string[]).includes(value) ? (value as TManageTab) : 'profile';
}
