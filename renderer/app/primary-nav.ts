import { href } from '../routes/route-table';

export interface TNavItem {
  label: string;
  to: string;
  testId: string;
}

/** The primary navigation, built from the route table so paths never drift. */
export const PRIMARY_NAV: readonly TNavItem[] = [
  { label: 'Home', to: href('v2.home'), testId: 'nav-home' },
  { label: 'Gift exchanges', to: href('v2.giftExchanges.list'), testId: 'nav-gift-exchanges' },
  { label: 'Wish lists', to: href('v2.wishLists.own'), testId: 'nav-wish-lists' },
  { label: 'Shop', to: href('v2.shop.root'), testId: 'nav-shop' },
  { label: 'Groups', to: href('v2.groups.list'), testId: 'nav-groups' },
];

/** Whether a nav item is the current section (its path is a prefix of the current one). */
export function isNavItemActive(item: TNavItem, pathname: string): boolean {
  const current = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return current === item.to || current.startsWith(item.to);
}
