/**
 * Deadlock victims run again. InnoDB may pick one of two concurrent transactions touching the same
 * rows in different orders (a leave racing a removal, two rotations of one token) as a deadlock
 * victim (error 1213); MariaDB's advice is to run the transaction again, and the retry then sees
 * the winner's work and answers accordingly (a 409, the shared successor) instead of a 500.
 */
import { setTimeout } from 'node:timers/promises';

export function isDeadlock(error: unknown): boolean {
  const text = `${(error as { code?: unknown })?.code ?? ''} ${(error as Error)?.message ?? ''}`;
  return /P2034|\b1213\b|Deadlock found/.test(text);
}

/**
 * Runs `run` (one whole transaction) up to `attempts` times while it ends as a deadlock victim,
 * after a short random pause (5–30 ms), so racers that deadlocked once do not meet again at once.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
      await setTimeout(5 + Math.floor(Math.random() * 25));
    }
  }
}
