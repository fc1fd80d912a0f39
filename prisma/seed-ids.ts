/** Deterministic ids for the demo data (shared by every seed module, so none imports another's entry point). */
import { createHash } from 'node:crypto';

/** Deterministic UUID-shaped ids so the seed is repeatable. */
export function seedId(key: string): string {
  const hex = createHash('sha256').update(`gifting-seed:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
