/**
 * Overload answers 503 with Retry-After instead of queueing forever (@fastify/under-pressure):
 * when the event loop lags more than EVENT_LOOP_MAX_DELAY_MS, or the JavaScript heap still holds
 * more than HEAP_MAX_USED_MB after a full collection (by default 90 % of Node's heap limit). /healthz
 * keeps answering (the process is alive, only busy), so an orchestrator does not restart a process
 * that is merely loaded.
 */
import { GCProfiler, getHeapStatistics, type GCProfilerResult } from 'node:v8';
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TConfig } from '../config';
import { AppError, errorBody } from '../errors';

export const OVERLOAD_RETRY_AFTER_SECONDS = 5;

export function heapLimitBytes(config: Pick<TConfig, 'heapMaxUsedMb'>): number {
  return config.heapMaxUsedMb > 0
    ? config.heapMaxUsedMb * 1_048_576
    : Math.floor(getHeapStatistics().heap_size_limit * 0.9);
}

type TCollections = GCProfilerResult['statistics'];

/** The heap left by the last full (mark-compact) collection among these, or `previous` when none ran. */
export function heapAfterLastFullCollection(collections: TCollections, previous: number): number {
  const lastFull = collections.findLast((collection) => collection.gcType === 'MarkSweepCompact');
  return lastFull ? lastFull.afterGC.heapStatistics.usedHeapSize : previous;
}

/**
 * The heap in use just after the last full collection: what the process really holds.
 * under-pressure's own heap check samples heapUsed at any moment, garbage awaiting collection
 * included; under a capped old space (`npm run serve`) that garbage reaches the limit before every
 * full collection, so the check refused a request of a process holding under half of it. V8's GC
 * profiler records the heap after each collection (a PerformanceObserver only says that one ran,
 * and reading the heap when it reports counts what was allocated since). Starts at today's use, so
 * a limit below what the process already holds applies at once. Read once a second.
 */
function liveHeapAfterFullCollections(): { bytes: () => number; stop: () => void } {
  let live = getHeapStatistics().used_heap_size;
  const profiler = new GCProfiler();
  profiler.start();
  return {
    bytes: () => {
      live = heapAfterLastFullCollection(profiler.stop().statistics, live);
      profiler.start();
      return live;
    },
    stop: () => profiler.stop(),
  };
}

export async function registerOverloadProtection(
  app: FastifyInstance,
  config: Pick<TConfig, 'eventLoopMaxDelayMs' | 'heapMaxUsedMb'>,
): Promise<void> {
  const heapLimit = heapLimitBytes(config);
  const liveHeap = liveHeapAfterFullCollections();
  app.addHook('onClose', async () => {
    liveHeap.stop();
  });
  await app.register(underPressure, {
    maxEventLoopDelay: config.eventLoopMaxDelayMs,
    // Checked once a second, as under-pressure samples; a failed check is answered as the heap's.
    healthCheck: async () => liveHeap.bytes() <= heapLimit,
    healthCheckInterval: 1000,
    retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
    // Typed as answering nothing, but a value it returns is sent as the answer (and stops the request).
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string) => {
      // Liveness is not load: /healthz passes (a null answer lets the request through).
      if (request.routeOptions.url === '/healthz') return undefined;
      const reason = type === 'healthCheck' ? 'heapAfterFullCollection' : type;
      request.log.warn({ type: reason }, 'overloaded: refusing a request');
      const error = new AppError('UNAVAILABLE', {
        message: 'The server is overloaded; please retry shortly',
        retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
      });
      reply.code(503).header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS));
      return errorBody(error);
    }) as unknown as FastifyUnderPressureOptions['pressureHandler'],
  });
}
