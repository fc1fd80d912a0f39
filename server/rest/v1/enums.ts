import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ENUM_CACHE_TTL_MS } from '../../contracts/constants';
import { getEnum } from '../../services/enums/get-enum';
import { parseInput } from '../validate';

const ZParams = z.object({ name: z.string() });

export async function enumRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/enums/:name', async (request, reply) => {
    const { name } = parseInput(ZParams, request.params);
    const values = getEnum({ name }); // unknown names answer 404
    // Enumerations change only with a release: let browsers and the edge keep them for an hour.
    reply.header('cache-control', `public, max-age=${ENUM_CACHE_TTL_MS / 1000}`);
    return values;
  });
}
