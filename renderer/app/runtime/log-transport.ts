/**
 * How the client logger's batches reach POST /v1/logs: split so each request stays under the
 * server's 64 KB body limit, oversized entries trimmed, and a 413 dropped rather than retried
 * forever (a 429 or a network failure rejects, so the logger backs off tenfold and retries).
 */
import { HTTP_STATUS } from '../../../server/contracts/constants';
import { errorStatus } from '../../client/errors';
import type { TLogEntry } from '../../client/logger';
import type { TRequester } from '../../client/request';

export const LOG_BATCH_MAX_BYTES = 48 * 1024;
const ENTRY_MAX_BYTES = 16 * 1024;

function size(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/** Keeps an entry under ENTRY_MAX_BYTES: drops the stack and chain first, then all info. */
export function trimEntry(entry: TLogEntry): TLogEntry {
  if (size(entry) <= ENTRY_MAX_BYTES) return entry;
  const { stack: _stack, chain: _chain, ...rest } = entry.info ?? {};
  const lighter: TLogEntry = { ...entry, info: { ...rest, trimmed: true } };
  if (size(lighter) <= ENTRY_MAX_BYTES) return lighter;
  const { info: _info, ...bare } = entry;
  return { ...bare, message: bare.message.slice(0, 2000) };
}

/** Splits entries into batches whose JSON stays under `maxBytes`. */
export function splitLogBatches(entries: readonly TLogEntry[], maxBytes = LOG_BATCH_MAX_BYTES): TLogEntry[][] {
  const batches: TLogEntry[][] = [];
  let current: TLogEntry[] = [];
  let currentBytes = 2;
  for (const raw of entries) {
    const entry = trimEntry(raw);
    const bytes = size(entry) + 1;
    if (current.length > 0 && currentBytes + bytes > maxBytes) {
      batches.push(current);
      current = [];
      currentBytes = 2;
    }
    current.push(entry);
    currentBytes += bytes;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export function createLogTransport(requester: Pick<TRequester, 'request'>) {
  return async (entries: TLogEntry[]): Promise<void> => {
    for (const batch of splitLogBatches(entries)) {
      try {
        await requester.request({ method: 'POST', url: '/v1/logs', body: batch });
      } catch (error) {
        if (errorStatus(error) === HTTP_STATUS.badRequest || errorStatus(error) === 413) continue;
        throw error;
      }
    }
  };
}
