/**
 * Compressed answers for clients that accept them (issue 27: phones downloaded every script, the
 * stylesheet and the HTML raw).
 *
 * - The renderer's built files are compressed once at build time (vite.config.ts writes a `.br` and a
 *   `.gz` beside each script and stylesheet) and served as they are by @fastify/static
 *   (`preCompressed`, server/http/renderer.ts): no CPU per request.
 * - Dynamic answers (the HTML shell, JSON from /v1, /trpc and /auth/v2) by @fastify/compress, brotli
 *   or gzip as the client prefers, above a small threshold (below it the headers cost more than the
 *   saving). Brotli at a middle quality: level 11 costs ten times the CPU of 5 for a few per cent.
 * - Server-sent events are never compressed: a compressor buffers, so events would arrive late or
 *   not at all (@fastify/compress leaves text/event-stream alone; a test holds it to that).
 */
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this are sent as they are. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
}
