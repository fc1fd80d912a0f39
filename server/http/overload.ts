/**
 * Overload answers 503 with Retry-After instead of queueing forever (@fastify/under-pressure):
 * when the event loop lags more than EVENT_LOOP_MAX_DELAY_MS, or the JavaScript heap holds more
 * than HEAP_MAX_USED_MB (by default 90 % of Node's heap limit). /healthz keeps answering (the
 * process is alive, only busy), so an orchestrator does not restart a process that is merely loaded.
 */
import { getHeapStatistics } from 'node:v8';
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

export async function registerOverloadProtection(
  app: FastifyInstance,
  config: Pick<TConfig, 'eventLoopMaxDelayMs' | 'heapMaxUsedMb'>,
): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: config.eventLoopMaxDelayMs,
    maxHeapUsedBytes: heapLimitBytes(config),
    retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
    // Typed as answering nothing, but a value it returns is sent as the answer (and stops the request).
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string) => {
      // Liveness is not load: /healthz passes (a null answer lets the request through).
      if (request.routeOptions.url === '/healthz') return undefined;
      request.log.warn({ type }, 'overloaded: refusing a request');
      const error = new AppError('UNAVAILABLE', {
        message: 'The server is overloaded; please retry shortly',
        retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
      });
      reply.code(503).header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS));
      return errorBody(error);
    }) as unknown as FastifyUnderPressureOptions['pressureHandler'],
  });
}
