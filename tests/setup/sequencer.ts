/**
 * Vitest's file order: its own (files that took longest last time first, else the biggest), except
 * that the files known to run for minutes start first. A fresh clone has no timings, and the
 * default put the long ones last, where one worker ran them alone for minutes while the other sat
 * idle (a 650 s run whose tests took 898 s of worker time on two workers).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The slowest files (seconds on this machine), slowest first. */
const LONG = [
  /secrecy\/secrecy-model\.integration\.test\.ts$/, // ~110 s: 25 sequences of actions
  /permissions\/permissions-\d\.integration\.test\.ts$/, // ~65 s each
  /admin\/admin-permissions\.integration\.test\.ts$/, // ~40 s
  /resilience\/database-loss\.integration\.test\.ts$/, // ~35 s
  /social\/groups\.integration\.test\.ts$/, // ~30 s
];

const rank = (file: TestSpecification): number => {
  const index = LONG.findIndex((pattern) => pattern.test(file.moduleId));
  return index === -1 ? LONG.length : index;
};

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: within a rank, vitest's own order stays.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
