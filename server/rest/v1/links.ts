import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TAppDeps } from '../../deps';
import { interstitialHtml, resolveClick } from '../../services/links/resolve-click';
import { parseInput } from '../validate';

const ZClickQuery = z.object({ url: z.string().min(1, 'Value is required').max(4000) });

export function linkRoutes(deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      '/v1/links/click',
      {
        schema: {
          querystring: ZClickQuery,
          summary: 'Follows an outbound link (merchant links are tagged)',
          responses: {
            200: {
              description: 'An interstitial page for a link that is not followed at once',
              contentType: 'text/html',
            },
            302: { description: 'Redirects to the link' },
          },
        },
      },
      async (request, reply) => {
        const { url } = parseInput(ZClickQuery, request.query);
        const resolution = resolveClick(url, deps.config.merchantHosts);
        reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        if (resolution.kind === 'redirect') return reply.redirect(resolution.target, 302);
        return reply.code(200).type('text/html; charset=utf-8').send(interstitialHtml(resolution));
      },
    );
  };
}
