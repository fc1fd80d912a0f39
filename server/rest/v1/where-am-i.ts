import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZWhereAmI } from '../../contracts/rest';
import type { TAppDeps } from '../../deps';

/** The visitor's country: the edge's header when configured, else the Accept-Language region. */
export function countryFromRequest(request: FastifyRequest, headerName: string): string | null {
  const fromEdge = request.headers[headerName];
  const edge = Array.isArray(fromEdge) ? fromEdge[0] : fromEdge;
  if (edge && /^[A-Za-z]{2}$/.test(edge) && edge.toUpperCase() !== 'XX') return edge.toUpperCase();
  const language = String(request.headers['accept-language'] ?? '');
  for (const part of language.split(',')) {
    const match = /^\s*[a-z]{2,3}-([A-Za-z]{2})\b/i.exec(part);
    if (match?.[1]) return match[1].toUpperCase();
  }
  return null;
}

export function whereAmIRoutes(deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      '/v1/auth/.where-am-i',
      { schema: { summary: 'The visitor’s country', responses: { 200: ZWhereAmI } } },
      async (request, reply) => {
        reply
          .header('cache-control', 'private, no-store')
          .header('vary', `${deps.config.countryHeader}, accept-language`);
        return { countryCode: countryFromRequest(request, deps.config.countryHeader) };
      },
    );
  };
}
