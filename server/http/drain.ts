/**
 * Graceful shutdown's first half (server/main.ts does the rest): once draining starts, requests
 * already accepted run to their end, and every new one (on a kept-alive connection or a new one)
 * answers 503 with Retry-After and `Connection: close`, so clients and load balancers go to
 * another instance. `idle()` resolves when no accepted request is left. Live streams (server-sent
 * events) are not waited for: they are cut when the server closes and their clients resume
 * elsewhere from their last event id.
 *
 * Hand-written: Fastify's own `return503OnClosing` only starts once the listener is closed, when
 * new connections are already refused instead of answered.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, errorBody } from '../errors';

export const DRAIN_RETRY_AFTER_SECONDS = 5;

export interface TDrain {
  readonly draining: boolean;
  /** Requests accepted and not yet answered (live streams excluded). */
  readonly inFlight: number;
  start(): void;
  idle(): Promise<void>;
}

const isLiveStream = (request: FastifyRequest): boolean =>
  String(request.headers.accept ?? '').includes('text/event-stream');

export function registerDrain(app: FastifyInstance): TDrain {
  let draining = false;
  let inFlight = 0;
  const waiters: (() => void)[] = [];
  const settle = (): void => {
    if (inFlight > 0) return;
    for (const resolve of waiters.splice(0)) resolve();
  };

  app.addHook('onRequest', async (request, reply) => {
    if (draining) {
      const error = new AppError('UNAVAILABLE', {
        message: 'The server is restarting; please retry',
        retryAfter: DRAIN_RETRY_AFTER_SECONDS,
      });
      return reply
        .code(503)
        .header('retry-after', String(DRAIN_RETRY_AFTER_SECONDS))
        .header('connection', 'close')
        .send(errorBody(error));
    }
    if (isLiveStream(request)) return;
    inFlight += 1;
    // 'close' fires once the answer is sent or the client went away, whatever the route did.
    reply.raw.once('close', () => {
      inFlight -= 1;
      settle();
    });
  });

  return {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    start() {
      draining = true;
    },
    idle() {
      return inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}
