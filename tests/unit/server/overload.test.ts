/** The overload guard's memory signal: the heap a full collection leaves, not garbage awaiting one. */
import { GCProfiler } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { heapAfterLastFullCollection } from '../../../server/http/overload';

type TCollection = ReturnType<GCProfiler['stop']>['statistics'][number];

const MIB = 1_048_576;
const collection = (gcType: string, beforeMib: number, afterMib: number): TCollection => {
  const heap = (mib: number) => ({ usedHeapSize: mib * MIB }) as TCollection['afterGC']['heapStatistics'];
  return {
    gcType,
    cost: 1,
    beforeGC: { heapStatistics: heap(beforeMib), heapSpaceStatistics: [] },
    afterGC: { heapStatistics: heap(afterMib), heapSpaceStatistics: [] },
  };
};

describe('heap after the last full collection', () => {
  it('is what the last mark-compact left, however high the heap rose before or after it', () => {
    const collections = [
      collection('MarkSweepCompact', 150, 70),
      collection('Scavenge', 90, 80),
      collection('IncrementalMarking', 158, 158),
      collection('MarkSweepCompact', 160, 75),
      collection('Scavenge', 150, 140),
    ];
    expect(heapAfterLastFullCollection(collections, 10 * MIB)).toBe(75 * MIB);
  });

  it('stays at the previous reading while only scavenges ran', () => {
    const collections = [collection('Scavenge', 150, 140), collection('IncrementalMarking', 158, 158)];
    expect(heapAfterLastFullCollection(collections, 64 * MIB)).toBe(64 * MIB);
    expect(heapAfterLastFullCollection([], 64 * MIB)).toBe(64 * MIB);
  });

  it("reads the type names V8's GC profiler really reports", () => {
    const profiler = new GCProfiler();
    profiler.start();
    let made = 0;
    // Short-lived garbage: young-generation collections (scavenges) follow.
    for (let i = 0; i < 200; i += 1) made += new Array<number>(100_000).fill(i).length;
    const { statistics } = profiler.stop();
    expect(made).toBe(20_000_000);
    expect(statistics.map((entry) => entry.gcType)).toContain('Scavenge');
    expect(statistics[0]?.afterGC.heapStatistics.usedHeapSize).toBeGreaterThan(0);
  });
});
