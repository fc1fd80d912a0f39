/**
 * Hall-violation certificates: a set S of givers whose allowed recipients N(S) are fewer than |S|,
 * so no valid draw can exist, with a sentence a person can act on.
 */
import { isAllowed } from './restrictions.js';
import type { HallCertificate, RestrictionIndex } from './types.js';

const PER_GIVER_LIMIT = 10_000;

/** "Alice", "Alice and Bob", "Alice, Bob and Carol", "Alice, Bob, Carol and 4,998 others". */
export function listNames(names: readonly string[], max = 6): string {
  if (names.length === 0) return 'nobody';
  if (names.length === 1) return names[0]!;
  if (names.length <= max) return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
  const shown = names.slice(0, 3);
  return `${shown.join(', ')} and ${(names.length - shown.length).toLocaleString('en-US')} others`;
}

/** Sentence for a Hall violation (S givers, T = N(S) allowed recipients, |T| < |S|). */
export function hallSentence(givers: readonly string[], recipients: readonly string[]): string {
  const who = listNames(givers);
  const counts =
    givers.length > 6 || recipients.length > 6
      ? ` (${givers.length.toLocaleString('en-US')} givers, ${recipients.length.toLocaleString('en-US')} possible recipients)`
      : '';
  if (recipients.length === 0) {
    return `${who} cannot give to anyone${counts}: lift a restriction for ${givers.length === 1 ? 'them' : 'one of them'}.`;
  }
  return `${who} can only give to ${listNames(recipients)}${counts}: lift a restriction for ${givers.length === 1 ? 'them' : 'one of them'}.`;
}

/** Builds the certificate from index sets (receivers must be exactly N(givers)). */
export function makeCertificate(
  ix: RestrictionIndex,
  ids: readonly string[],
  givers: ArrayLike<number>,
  receivers: ArrayLike<number>,
): HallCertificate {
  const gs = Array.from(givers).sort((a, b) => a - b);
  const rs = Array.from(receivers).sort((a, b) => a - b);
  const giverNames = gs.map((g) => ids[g]!);
  const recipientNames = rs.map((r) => ids[r]!);
  const cert: {
    givers: string[];
    allowedRecipients: string[];
    perGiver?: { giver: string; allowedRecipients: string[] }[];
    message: string;
  } = { givers: giverNames, allowedRecipients: recipientNames, message: hallSentence(giverNames, recipientNames) };
  if (gs.length * Math.max(1, rs.length) <= PER_GIVER_LIMIT) {
    cert.perGiver = gs.map((g) => ({
      giver: ids[g]!,
      allowedRecipients: rs.filter((r) => isAllowed(ix, g, r)).map((r) => ids[r]!),
    }));
  }
  return cert;
}

/**
 * O(N + R) fast path: a household bigger than everyone else together is a Hall violator by itself
 * (its members can only give outside it). Returns null when no household is that large.
 */
export function largeGroupViolation(ix: RestrictionIndex): { givers: Int32Array; receivers: Int32Array } | null {
  const n = ix.n;
  let best = -1;
  for (let g = 0; g < ix.groupCount; g++) {
    if (ix.groupSize[g]! * 2 > n && (best === -1 || ix.groupSize[g]! > ix.groupSize[best]!)) best = g;
  }
  if (best === -1) return null;
  const size = ix.groupSize[best]!;
  const givers = new Int32Array(size);
  let k = 0;
  for (let u = 0; u < n; u++) if (ix.group[u] === best) givers[k++] = u;
  // N(S) = outsiders not forbidden (by pair restrictions) for every member of S.
  const hits = new Int32Array(n);
  for (let i = 0; i < size; i++) {
    const u = givers[i]!;
    for (let p = ix.offsets[u]!; p < ix.offsets[u + 1]!; p++) hits[ix.targets[p]!]!++;
  }
  const rec: number[] = [];
  for (let v = 0; v < n; v++) if (ix.group[v] !== best && hits[v]! < size) rec.push(v);
  return { givers, receivers: Int32Array.from(rec) };
}
