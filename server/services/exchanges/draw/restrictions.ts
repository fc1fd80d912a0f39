/**
 * Restriction helpers and the compact restriction index.
 *
 * The index stores households as a group label per person (same label = may not give, which
 * also covers "not to yourself") and every other restriction as a CSR list of sorted forbidden
 * receivers per giver, so memory is O(N + R) and never O(N²), and "may u give to v?" is one
 * label comparison plus a binary search.
 */
import type { InputError, Restriction, RestrictionIndex } from './types.js';

/** a may not give to b and b may not give to a. */
export function twoWay(a: string, b: string): Restriction[] {
  return [
    { giver: a, receiver: b },
    { giver: b, receiver: a },
  ];
}

/**
 * Nobody gives inside their own group. Expands to pairs (|group|² each): fine for households;
 * for huge groups pass `households` to draw() instead, which stays O(N).
 */
export function groups(households: readonly (readonly string[])[]): Restriction[] {
  const out: Restriction[] = [];
  for (const h of households) {
    for (const a of h) {
      for (const b of h) if (a !== b) out.push({ giver: a, receiver: b });
    }
  }
  return out;
}

/** Nobody gives to the person they gave to last time. */
export function notLastTime(previous: ReadonlyMap<string, string> | Readonly<Record<string, string>>): Restriction[] {
  const entries: Iterable<[string, string]> =
    previous instanceof Map ? previous.entries() : Object.entries(previous as Record<string, string>);
  const out: Restriction[] = [];
  for (const [giver, receiver] of entries) out.push({ giver, receiver });
  return out;
}

/** True when giver u may give to receiver v (never to self, never inside a group). */
export function isAllowed(ix: RestrictionIndex, u: number, v: number): boolean {
  const g = ix.group;
  if (g[u] === g[v]) return false;
  let lo = ix.offsets[u]!;
  let hi = ix.offsets[u + 1]! - 1;
  const t = ix.targets;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const x = t[mid]!;
    if (x === v) return false;
    if (x < v) lo = mid + 1;
    else hi = mid - 1;
  }
  return true;
}

/** Number of receivers u may NOT give to, self included. */
export function forbiddenCount(ix: RestrictionIndex, u: number): number {
  return ix.groupSize[ix.group[u]!]! + ix.offsets[u + 1]! - ix.offsets[u]!;
}

/** Total forbidden ordered pairs (self excluded). */
export function forbiddenPairCount(ix: RestrictionIndex): number {
  let total = ix.targets.length;
  for (let g = 0; g < ix.groupCount; g++) {
    const s = ix.groupSize[g]!;
    total += s * (s - 1);
  }
  return total;
}

/**
 * Builds an index from index-space data.
 * @param forbidden per giver, forbidden receiver indexes (any order, duplicates and self allowed)
 * @param households groups of indexes; a person may appear in several (extra pairs are added)
 * @throws RangeError on out-of-range indexes
 */
export function indexFromLists(
  n: number,
  forbidden: ArrayLike<ArrayLike<number>> | null,
  households: ArrayLike<ArrayLike<number>> | null = null,
): RestrictionIndex {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`bad participant count ${n}`);
  if (forbidden && forbidden.length !== n) {
    throw new RangeError(`forbidden lists: expected ${n} rows, got ${forbidden.length}`);
  }
  const check = (x: number): void => {
    if (!Number.isInteger(x) || x < 0 || x >= n) throw new RangeError(`participant index ${x} out of range`);
  };
  // Group labels: first household a person appears in; later households add explicit pairs.
  const rawGroup = new Int32Array(n).fill(-1);
  const extra: [number, number][] = [];
  if (households) {
    for (let h = 0; h < households.length; h++) {
      const members: ArrayLike<number> = households[h]!;
      const fresh: number[] = [];
      const all: number[] = [];
      const seen = new Set<number>();
      for (let k = 0; k < members.length; k++) {
        const m = members[k]!;
        check(m);
        if (seen.has(m)) continue;
        seen.add(m);
        all.push(m);
        if (rawGroup[m] === -1) {
          rawGroup[m] = n + h; // provisional label, compacted below
          fresh.push(m);
        }
      }
      if (fresh.length !== all.length) {
        for (const a of all) {
          for (const b of all) {
            if (a !== b && rawGroup[a] !== rawGroup[b]) extra.push([a, b]);
          }
        }
      }
    }
  }
  const group = new Int32Array(n);
  const label = new Map<number, number>();
  let groupCount = 0;
  for (let i = 0; i < n; i++) {
    const r = rawGroup[i]!;
    if (r === -1) {
      group[i] = groupCount++;
    } else {
      let l = label.get(r);
      if (l === undefined) {
        l = groupCount++;
        label.set(r, l);
      }
      group[i] = l;
    }
  }
  const groupSize = new Int32Array(groupCount);
  for (let i = 0; i < n; i++) groupSize[group[i]!]!++;

  // CSR: count, fill, sort rows when needed, drop duplicates / same-group entries.
  const counts = new Int32Array(n + 1);
  if (forbidden) {
    for (let u = 0; u < n; u++) counts[u + 1] = forbidden[u]!.length;
  }
  for (const [a] of extra) counts[a + 1]!++;
  for (let u = 0; u < n; u++) counts[u + 1]! += counts[u]!;
  const raw = new Int32Array(counts[n]!);
  const fill = counts.slice(0, n);
  if (forbidden) {
    for (let u = 0; u < n; u++) {
      const row = forbidden[u]!;
      const p = fill[u]!;
      if (row instanceof Int32Array) {
        // Bulk copy; the values are range-checked in the pass below, which reads them anyway.
        raw.set(row, p);
      } else {
        for (let k = 0; k < row.length; k++) {
          const v = row[k]!;
          check(v);
          raw[p + k] = v;
        }
      }
      fill[u] = p + row.length;
    }
  }
  for (const [a, b] of extra) raw[fill[a]!++] = b;
  const rebuildRow = (u: number): Int32Array => {
    const own = forbidden ? Int32Array.from(forbidden[u]!) : new Int32Array(0);
    const more = extra.filter(([a]) => a === u).map(([, b]) => b);
    const row = new Int32Array(own.length + more.length);
    row.set(own);
    row.set(more, own.length);
    return row;
  };
  const offsets = new Int32Array(n + 1);
  let w = 0;
  // One pass per row: range check, drop duplicates and same-group entries, assuming the row is
  // sorted; a row found unsorted is sorted and done again (rows from indexFromLists callers and
  // from buildRestrictionIndex usually arrive sorted, so most rows are read once).
  for (let u = 0; u < n; u++) {
    const start = counts[u]!;
    const end = counts[u + 1]!;
    const gu = group[u]!;
    offsets[u] = w;
    let prev = -1;
    let sorted = true;
    for (let k = start; k < end; k++) {
      const v = raw[k]!;
      if (v < prev) {
        sorted = false;
        break;
      }
      if (v >= n) check(v);
      if (v === prev || group[v] === gu) continue;
      raw[w++] = v;
      prev = v;
    }
    if (sorted) continue;
    // Unsorted: the row's unread tail is intact but its head may have been compacted already, so
    // rebuild it from the caller's rows (or the extra pairs) and sort it.
    const row = rebuildRow(u);
    row.sort();
    w = offsets[u]!;
    prev = -1;
    for (let k = 0; k < row.length; k++) {
      const v = row[k]!;
      if (v < 0 || v >= n) check(v);
      if (v === prev || group[v] === gu) continue;
      raw[w++] = v;
      prev = v;
    }
  }
  offsets[n] = w;
  const targets = w === raw.length ? raw : raw.slice(0, w);
  return { kind: 'restriction-index', n, group, groupCount, groupSize, offsets, targets };
}

export type IndexBuildResult =
  { ok: true; index: RestrictionIndex; position: Map<string, number> } | { ok: false; errors: InputError[] };

/** Checks participant ids: at least two, non-empty strings, unique. */
export function checkParticipants(participants: readonly unknown[]): InputError[] {
  const errors: InputError[] = [];
  if (!Array.isArray(participants)) {
    return [{ code: 'invalid-id', message: 'participants must be an array of ids' }];
  }
  if (participants.length < 2) {
    errors.push({
      code: 'too-few-participants',
      message: `A draw needs at least 2 participants, got ${participants.length}.`,
    });
  }
  const bad = participants.filter((p) => typeof p !== 'string' || p.length === 0);
  if (bad.length > 0) {
    errors.push({ code: 'invalid-id', message: `Participant ids must be non-empty strings (${bad.length} are not).` });
  }
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const p of participants) {
    if (typeof p !== 'string') continue;
    if (seen.has(p)) dup.add(p);
    seen.add(p);
  }
  if (dup.size > 0) {
    const ids = [...dup];
    errors.push({ code: 'duplicate-id', message: `Duplicate participant ids: ${ids.join(', ')}.`, ids });
  }
  return errors;
}

/**
 * Builds the compact index from id-level data, reporting unknown ids and malformed entries
 * instead of throwing. Restrictions of a person on themselves are accepted and ignored.
 */
export function buildRestrictionIndex(
  participants: readonly string[],
  restrictions: Iterable<Restriction> = [],
  households: readonly (readonly string[])[] = [],
): IndexBuildResult {
  const errors = checkParticipants(participants);
  if (errors.some((e) => e.code === 'invalid-id' || e.code === 'duplicate-id')) return { ok: false, errors };
  const n = participants.length;
  const position = new Map<string, number>();
  participants.forEach((p, i) => position.set(p, i));
  const unknown = new Set<string>();
  let malformed = 0;
  const rows: number[][] = Array.from({ length: n }, () => []);
  for (const r of restrictions as Iterable<unknown>) {
    if (typeof r !== 'object' || r === null) {
      malformed++;
      continue;
    }
    const { giver, receiver } = r as { giver?: unknown; receiver?: unknown };
    if (typeof giver !== 'string' || typeof receiver !== 'string') {
      malformed++;
      continue;
    }
    const a = position.get(giver);
    const b = position.get(receiver);
    if (a === undefined) unknown.add(giver);
    if (b === undefined) unknown.add(receiver);
    if (a !== undefined && b !== undefined && a !== b) rows[a]!.push(b);
  }
  const hh: number[][] = [];
  for (const h of households) {
    if (!Array.isArray(h)) {
      malformed++;
      continue;
    }
    const members: number[] = [];
    for (const id of h as readonly unknown[]) {
      const p = typeof id === 'string' ? position.get(id) : undefined;
      if (p === undefined) unknown.add(String(id));
      else members.push(p);
    }
    hh.push(members);
  }
  if (malformed > 0) {
    errors.push({
      code: 'invalid-restriction',
      message: `${malformed} restriction(s)/household(s) are malformed: expected { giver, receiver } strings and arrays of ids.`,
    });
  }
  if (unknown.size > 0) {
    const ids = [...unknown];
    errors.push({
      code: 'unknown-id',
      message: `Restrictions name people who are not participants: ${ids.slice(0, 10).join(', ')}${ids.length > 10 ? ` and ${ids.length - 10} more` : ''}.`,
      ids,
    });
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, index: indexFromLists(n, rows, hh), position };
}

/** Transposed CSR: for every receiver, the (non-group) givers that may not give to them. */
export function transposeTargets(ix: RestrictionIndex): { offsets: Int32Array; targets: Int32Array } {
  const n = ix.n;
  const offsets = new Int32Array(n + 1);
  for (let k = 0; k < ix.targets.length; k++) offsets[ix.targets[k]! + 1]!++;
  for (let v = 0; v < n; v++) offsets[v + 1]! += offsets[v]!;
  const fill = offsets.slice(0, n);
  const targets = new Int32Array(ix.targets.length);
  for (let u = 0; u < n; u++) {
    for (let k = ix.offsets[u]!; k < ix.offsets[u + 1]!; k++) targets[fill[ix.targets[k]!]!++] = u;
  }
  return { offsets, targets };
}
