import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ENUM_CACHE_TTL_MS } from '../../contracts/constants';
import type { TAppDeps } from '../../deps';
import { ZEnumValue } from '../../contracts/rest';
import { getEnum } from '../../services/enums/get-enum';
import { parseInput } from '../validate';

const ZParams = z.object({ name: z.string() });

export function enumRoutes(deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      '/v1/enums/:name',
      {
        schema: {
          params: ZParams,
          summary: 'The values of an enumeration (genders, currencies, channels)',
          responses: { 200: z.array(ZEnumValue) },
          errors: ['NOT_FOUND'],
        },
      },
      async (request, reply) => {
        const { name } = parseInput(ZParams, request.params);
        const values = await getEnum(deps, { name }); // unknown names answer 404
        // Enumerations change only with a release: browsers and the edge may keep them for an hour too.
        reply.header('cache-control', `public, max-age=${ENUM_CACHE_TTL_MS / 1000}`);
        return values;
      },
    );
  };
}
