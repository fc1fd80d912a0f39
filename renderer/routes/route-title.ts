/**
 * Friendly area names for route names, shown by the coming-soon screen of table routes whose screen
 * is not built yet: `v2.giftExchanges.list` → "Gift exchanges", `legacy.settings.profile` → "Settings".
 * Plain data and string helpers only (no React), like route-table.ts.
 */

/** Areas whose camelCase name does not read well on its own. */
const AREA_TITLES: Readonly<Record<string, string>> = {
  generator: 'Secret Santa generator',
  auth: 'Your account',
  actions: 'Quick actions',
  admin: 'Admin',
  oldAdmin: 'Admin',
};

/** The area of a route name: its first segment after the design-version prefix (`giftExchanges`). */
export function routeArea(routeName: string): string {
  const segments = routeName.split('.');
  const rest = segments[0] === 'v2' || segments[0] === 'legacy' ? segments.slice(1) : segments;
  return rest[0] ?? '';
}

/** `giftExchanges` → "Gift exchanges", `emailNotifications` → "Email notifications". */
export function humanizeName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The friendly title of the area a route belongs to ("Gifting" when there is nothing to go on). */
export function routeAreaTitle(routeName: string): string {
  const area = routeArea(routeName);
  return AREA_TITLES[area] ?? (humanizeName(area) || 'Gifting');
}
