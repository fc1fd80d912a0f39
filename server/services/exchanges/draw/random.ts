/**
 * Seeded pseudo-random numbers (sfc32 seeded through splitmix32) plus the two classic shuffles:
 * Fisher–Yates (uniform permutation) and Sattolo (uniform single cycle).
 * No Math.random anywhere: without a seed the generator is seeded from crypto.getRandomValues.
 */
import { webcrypto } from 'node:crypto';

export interface Rng {
  /** Uniform 32-bit unsigned integer. */
  nextU32(): number;
  /** Uniform float in [0, 1) with 53 bits of resolution. */
  next(): number;
  /** Uniform integer in [0, n), exact (no modulo bias). n must be in [1, 2^32]. */
  int(n: number): number;
}

/** Hashes a number or string seed into 32 bits (FNV-1a over the string form, then a murmur finaliser). */
export function hashSeed(seed: number | string): number {
  const text = typeof seed === 'number' ? `n:${seed}` : `s:${seed}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return (): number => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
}

/** Creates a small fast generator (sfc32). Same seed, same sequence. */
export function createRng(seed?: number | string): Rng {
  let a: number;
  let b: number;
  let c: number;
  let d: number;
  if (seed === undefined) {
    const words = new Uint32Array(4);
    webcrypto.getRandomValues(words);
    [a, b, c, d] = [words[0]!, words[1]!, words[2]!, words[3]!];
  } else {
    const sm = splitmix32(hashSeed(seed));
    [a, b, c, d] = [sm(), sm(), sm(), sm()];
  }
  const nextU32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Warm up: sfc32 mixes poorly in its first outputs.
  for (let i = 0; i < 12; i++) nextU32();
  return {
    nextU32,
    next(): number {
      const hi = nextU32() >>> 5; // 27 bits
      const lo = nextU32() >>> 6; // 26 bits
      return (hi * 67108864 + lo) / 9007199254740992;
    },
    int(n: number): number {
      if (!(n >= 1 && n <= 0x100000000)) throw new RangeError(`int(n) needs 1 <= n <= 2^32, got ${n}`);
      const limit = 0x100000000 - (0x100000000 % n);
      for (;;) {
        const x = nextU32();
        if (x < limit) return x % n;
      }
    },
  };
}

/** Fisher–Yates in place: every ordering equally likely. */
export function shuffleInPlace(a: Int32Array | number[], rng: Rng): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
}

/** Identity permutation 0..n-1. */
export function identity(n: number): Int32Array {
  const a = new Int32Array(n);
  for (let i = 0; i < n; i++) a[i] = i;
  return a;
}

/** Uniform random permutation of 0..n-1 (Fisher–Yates). */
export function randomPermutation(n: number, rng: Rng): Int32Array {
  const a = identity(n);
  shuffleInPlace(a, rng);
  return a;
}

/**
 * Sattolo's algorithm: a uniformly random cyclic permutation, read as succ[i] = a[i]
 * (one single cycle through all n elements). n >= 2.
 */
export function sattolo(n: number, rng: Rng): Int32Array {
  const a = identity(n);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
  return a;
}
