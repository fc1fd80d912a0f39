/**
 * Benchmark of the draw engine against two peers on the same inputs (same process):
 *  - gift-exchange@4 (reject-and-reshuffle of a single shuffled cycle, synchronous),
 *  - a Hungarian-method assignment on munkres-js (N×N cost matrix, forbidden pairs priced out).
 * Peers run in a worker_threads Worker with a time limit and are terminated when it runs out.
 * Every output (ours and peers') is checked with the same validator (validateAssignment).
 *
 *   npm run bench:draw            → table
 *   npm run bench:draw -- --json  → one JSON object per line
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  createRng,
  draw,
  indexFromLists,
  isAllowed,
  validateAssignment,
  type DrawResult,
  type Restriction,
  type RestrictionIndex,
} from '../server/services/exchanges/draw/index.js';

const JSON_OUT = process.argv.includes('--json');
const PEER_LIMIT_MS = 3000;
const require = createRequire(import.meta.url);
const GIFT_EXCHANGE = require.resolve('gift-exchange');
const MUNKRES = require.resolve('munkres-js');

interface Scenario {
  name: string;
  ids: string[];
  /** String-level restrictions (small scenarios) … */
  restrictions?: Restriction[];
  households?: string[][];
  /** … or a prebuilt index (huge scenarios; its build time is reported as prepMs). */
  index?: RestrictionIndex;
  prepMs?: number;
  singleLoop?: boolean;
  runs: number;
  /** Forbidden index pairs for the peers (null = too many to hand over). */
  peerPairs: [number, number][] | null;
  groupOf: (string | null)[];
  peerSkip?: { giftExchange?: string; munkres?: string };
}

type PeerFigure = { ms: number | string; valid: boolean | null };

const people = (n: number): string[] => Array.from({ length: n }, (_, i) => `p${i}`);
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

function pairsToRestrictions(ids: string[], pairs: [number, number][]): Restriction[] {
  return pairs.map(([a, b]) => ({ giver: ids[a]!, receiver: ids[b]! }));
}

function householdScenario(name: string, sizes: number[], singleLoop: boolean, runs: number): Scenario {
  const n = sizes.reduce((a, b) => a + b, 0);
  const ids = people(n);
  const households: string[][] = [];
  const groupOf: (string | null)[] = new Array<string | null>(n).fill(null);
  let k = 0;
  sizes.forEach((s, h) => {
    const members = ids.slice(k, k + s);
    members.forEach((_, j) => (groupOf[k + j] = `h${h}`));
    households.push(members);
    k += s;
  });
  return { name, ids, households, singleLoop, runs, peerPairs: [], groupOf };
}

function buildScenarios(): Scenario[] {
  const rng = createRng('bench-inputs-v1');
  const out: Scenario[] = [];
  for (const n of [10, 100, 1000, 10_000]) {
    out.push({
      name: `no restrictions`,
      ids: people(n),
      runs: n >= 10_000 ? 5 : 7,
      peerPairs: [],
      groupOf: new Array<null>(n).fill(null),
    });
  }
  {
    const n = 10_000;
    const rows: Int32Array[] = [];
    for (let u = 0; u < n; u++) {
      const row: number[] = [];
      for (let v = 0; v < n; v++) if (v !== u && rng.next() < 0.3) row.push(v);
      rows.push(Int32Array.from(row));
    }
    const t2 = performance.now();
    const index = indexFromLists(n, rows);
    const prepMs = performance.now() - t2;
    out.push({
      name: 'each excludes random 30%',
      ids: people(n),
      index,
      prepMs,
      runs: 5,
      peerPairs: null,
      groupOf: new Array<null>(n).fill(null),
      peerSkip: {
        giftExchange: `skipped: ${(index.targets.length / 1e6).toFixed(0)}M exclusion objects (~${((index.targets.length * 120) / 1e9).toFixed(1)} GB) and O(N·E) per check`,
        munkres: `skipped: N×N matrix would need ${((n * n * 8) / 1e9).toFixed(1)} GB and ~1e12 steps`,
      },
    });
  }
  out.push(householdScenario('two households of 20, singleLoop', [20, 20], true, 7));
  {
    const sizes: number[] = [];
    let total = 0;
    while (total < 1000) {
      const s = Math.min(2 + rng.int(5), 1000 - total);
      sizes.push(s);
      total += s;
    }
    out.push(householdScenario('households of 2–6', sizes, false, 7));
    out.push(householdScenario('households of 2–6, singleLoop', sizes, true, 7));
  }
  {
    const n = 1000;
    const pairs: [number, number][] = [];
    for (let u = 0; u < n; u++) {
      const chosen = new Set<number>();
      while (chosen.size < 15) {
        const v = rng.int(n);
        if (v !== u) chosen.add(v);
      }
      for (const v of chosen) pairs.push([u, v]);
    }
    const ids = people(n);
    const base = {
      ids,
      restrictions: pairsToRestrictions(ids, pairs),
      runs: 7,
      peerPairs: pairs,
      groupOf: new Array<null>(n).fill(null),
    };
    out.push({ name: 'each excludes 15 others', ...base });
    out.push({ name: 'each excludes 15 others, singleLoop', ...base, singleLoop: true });
  }
  {
    const n = 10_000;
    const ids = people(n);
    const big = ids.slice(0, 5001);
    const groupOf = ids.map((_, i) => (i < 5001 ? 'big' : null));
    out.push({
      name: 'impossible: household of 5,001',
      ids,
      households: [big],
      runs: 5,
      peerPairs: [],
      groupOf,
      peerSkip: { munkres: `skipped: N×N matrix would need ${((n * n * 8) / 1e9).toFixed(1)} GB and ~1e12 steps` },
    });
  }
  return out;
}

function runOurs(sc: Scenario): { method: string; ms: number; valid: boolean; detail: string } {
  const times: number[] = [];
  let last: DrawResult | null = null;
  for (let r = 0; r < sc.runs; r++) {
    const t = performance.now();
    last = draw({
      participants: sc.ids,
      restrictions: sc.index ?? sc.restrictions ?? [],
      households: sc.index ? undefined : sc.households,
      singleLoop: sc.singleLoop,
      seed: r + 1,
    });
    times.push(performance.now() - t);
  }
  const res = last!;
  const rules = {
    restrictions: sc.index ?? sc.restrictions ?? [],
    households: sc.index ? undefined : sc.households,
    singleLoop: sc.singleLoop,
  };
  if (res.ok) {
    const v = validateAssignment(sc.ids, res.assignment, rules);
    return { method: res.method, ms: median(times), valid: v.valid, detail: v.problems.join('; ') };
  }
  if (res.reason === 'no-valid-assignment') {
    // independent check of the certificate: N(S) computed from the index, |N(S)| < |S|
    const idx =
      sc.index ??
      ((): RestrictionIndex => {
        const pos = new Map(sc.ids.map((id, i) => [id, i] as const));
        return indexFromLists(
          sc.ids.length,
          null,
          (sc.households ?? []).map((h) => h.map((x) => pos.get(x)!)),
        );
      })();
    const pos = new Map(sc.ids.map((id, i) => [id, i] as const));
    const S = res.certificate.givers.map((g) => pos.get(g)!);
    let nS = 0;
    for (let v = 0; v < sc.ids.length; v++) if (S.some((g) => isAllowed(idx, g, v))) nS++;
    return {
      method: 'certificate',
      ms: median(times),
      valid: nS < S.length && nS === res.certificate.allowedRecipients.length,
      detail: res.message,
    };
  }
  return { method: res.reason, ms: median(times), valid: false, detail: res.message };
}

const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const d = workerData;
const n = d.ids.length;
for (let r = 0; r < d.runs; r++) {
  const t = performance.now();
  let out;
  try {
    if (d.kind === 'gift-exchange') {
      const { calculate } = require(d.giftExchange);
      const peopleArr = d.ids.map((name, i) => (d.groupOf[i] ? { name, group: d.groupOf[i] } : { name }));
      const exclusions = d.pairs.map(([a, b]) => ({ type: 'name', subject: d.ids[a], excludedType: 'name', excludedSubject: d.ids[b] }));
      const res = calculate(peopleArr, { exclusions, timeout: d.limit });
      out = res.map((p) => p.name);
    } else {
      const munkres = require(d.munkres);
      const BIG = 1e9;
      const cost = [];
      for (let i = 0; i < n; i++) {
        const row = new Array(n).fill(0);
        row[i] = BIG;
        if (d.groupOf[i]) for (let j = 0; j < n; j++) if (d.groupOf[j] === d.groupOf[i]) row[j] = BIG;
        cost.push(row);
      }
      for (const [a, b] of d.pairs) cost[a][b] = BIG;
      // random relabelling so the result is not always the same
      const perm = d.perm;
      const permuted = perm.map((pi) => perm.map((pj) => cost[pi][pj]));
      const pairs = munkres(permuted);
      out = new Array(n);
      for (const [i, j] of pairs) out[perm[i]] = d.ids[perm[j]];
      if (pairs.some(([i, j]) => permuted[i][j] >= BIG)) { parentPort.postMessage({ error: 'no assignment without a forbidden pair (cost >= BIG)', out }); continue; }
    }
  } catch (e) {
    parentPort.postMessage({ error: (e && e.name ? e.name + ': ' : '') + (e && e.message ? e.message : String(e)) });
    break;
  }
  parentPort.postMessage({ ms: performance.now() - t, out });
}
parentPort.postMessage({ done: true });
`;

function runPeer(kind: 'gift-exchange' | 'munkres', sc: Scenario): Promise<PeerFigure> {
  const skip = kind === 'gift-exchange' ? sc.peerSkip?.giftExchange : sc.peerSkip?.munkres;
  if (skip) return Promise.resolve({ ms: skip, valid: null });
  const n = sc.ids.length;
  const rng = createRng(`peer-${sc.name}-${n}`);
  const perm = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [perm[i], perm[j]] = [perm[j]!, perm[i]!];
  }
  const runs = Math.min(sc.runs, 3);
  return new Promise((resolve) => {
    const times: number[] = [];
    let first: string[] | null = null;
    let error: string | null = null;
    const worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: {
        kind,
        ids: sc.ids,
        groupOf: sc.groupOf,
        pairs: sc.peerPairs ?? [],
        runs,
        limit: PEER_LIMIT_MS,
        perm,
        giftExchange: GIFT_EXCHANGE,
        munkres: MUNKRES,
      },
      resourceLimits: { maxOldGenerationSizeMb: 2048 },
    });
    let settled = false;
    const finish = (timedOut: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      let valid: boolean | null = null;
      if (first) {
        const map = new Map(sc.ids.map((id, i) => [id, first![i]!] as const));
        valid = validateAssignment(sc.ids, map, {
          restrictions: sc.index ?? sc.restrictions ?? [],
          households: sc.index ? undefined : sc.households,
          singleLoop: sc.singleLoop,
        }).valid;
      }
      if (times.length > 0) resolve({ ms: median(times), valid });
      else if (error) resolve({ ms: `error: ${error}`, valid });
      else resolve({ ms: timedOut ? `timeout (${PEER_LIMIT_MS / 1000} s)` : 'error: no result', valid });
    };
    const timer = setTimeout(() => finish(true), PEER_LIMIT_MS + 500);
    worker.on('message', (m: { ms?: number; out?: string[]; error?: string; done?: boolean }) => {
      if (m.out && !first) first = m.out;
      if (m.error) error = m.error;
      else if (typeof m.ms === 'number') times.push(m.ms);
      if (m.done) finish(false);
    });
    worker.on('error', (e: Error) => {
      error = e.message;
      finish(false);
    });
    worker.on('exit', () => finish(false));
  });
}

function fmt(x: number | string): string {
  return typeof x === 'number' ? x.toFixed(x < 10 ? 2 : 1) : x;
}

async function main(): Promise<void> {
  const scenarios = buildScenarios();
  const rows: string[][] = [];
  for (const sc of scenarios) {
    const ours = runOurs(sc);
    const ge = await runPeer('gift-exchange', sc);
    const mk = await runPeer('munkres', sc);
    const record = {
      scenario: sc.name,
      N: sc.ids.length,
      method: ours.method,
      ms: Number(ours.ms.toFixed(3)),
      valid: ours.valid,
      ...(sc.prepMs !== undefined ? { indexBuildMs: Number(sc.prepMs.toFixed(1)) } : {}),
      giftExchange: { ms: typeof ge.ms === 'number' ? Number(ge.ms.toFixed(3)) : ge.ms, valid: ge.valid },
      munkres: { ms: typeof mk.ms === 'number' ? Number(mk.ms.toFixed(3)) : mk.ms, valid: mk.valid },
    };
    if (JSON_OUT) console.log(JSON.stringify(record));
    else if (!ours.valid) console.error(`  ! ${sc.name}: ${ours.detail}`);
    rows.push([
      sc.name,
      String(sc.ids.length),
      ours.method,
      fmt(ours.ms) + (sc.prepMs !== undefined ? ` (+${fmt(sc.prepMs)} index)` : ''),
      String(ours.valid),
      fmt(ge.ms),
      String(ge.valid ?? '-'),
      fmt(mk.ms),
      String(mk.valid ?? '-'),
    ]);
  }
  if (!JSON_OUT) {
    const head = [
      'scenario',
      'N',
      'method',
      'ms (median)',
      'valid',
      'gift-exchange ms',
      'valid',
      'munkres ms',
      'valid',
    ];
    const all = [head, ...rows];
    const widths = head.map((_, c) => Math.max(...all.map((r) => r[c]!.length)));
    const line = (r: string[]): string => '| ' + r.map((x, c) => x.padEnd(widths[c]!)).join(' | ') + ' |';
    console.log(line(head));
    console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
    for (const r of rows) console.log(line(r));
  }
}

await main();
