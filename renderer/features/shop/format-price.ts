/**
 * Prices in the shop: the shared formatter of server/contracts/money.ts, which the server uses too
 * for what it words itself (a price-drop notice, its e-mail), so every screen writes money alike.
 */
export { formatPrice, marketLocale, type TMoney } from '../../../server/contracts/money';
