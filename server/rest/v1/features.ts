import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assertSameSiteJsonPost } from '../../auth/csrf';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { subjectKeyFor } from '../../http/visitor';
import {
  getFeatureAssignment,
  listFeatureAssignments,
  setFeatureVariant,
  startFeatureVariant,
} from '../../services/features/feature-assignments';
import { ZFeatureAssignment } from '../../contracts/rest';
import { parseInput } from '../validate';

const ZName = z.string().regex(/^[A-Za-z0-9_.-]{1,80}$/, 'Unknown feature');
const ZLastChecked = z.object({
  lastChecked: z
    .union([z.coerce.number().int().nonnegative(), z.iso.datetime().transform((value) => Date.parse(value))])
    .optional(),
});

export function featureRoutes(deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      '/v1/features/',
      {
        schema: {
          summary: 'The caller’s assignment in every active feature',
          responses: { 200: z.array(ZFeatureAssignment) },
        },
      },
      async (request, reply) => listFeatureAssignments(deps.db, subjectKeyFor(deps.config, request, reply)),
    );

    app.get(
      '/v1/features/:name/assignment',
      {
        schema: {
          params: z.object({ name: ZName }),
          querystring: ZLastChecked,
          summary: 'The caller’s assignment in one feature',
          responses: {
            200: ZFeatureAssignment,
            304: { description: 'Unchanged since lastChecked' },
          },
          errors: ['NOT_FOUND'],
        },
      },
      async (request, reply) => {
        const { name } = parseInput(z.object({ name: ZName }), request.params);
        const { lastChecked } = parseInput(ZLastChecked, request.query);
        const result = await getFeatureAssignment(deps.db, {
          name,
          subjectKey: subjectKeyFor(deps.config, request, reply),
          lastChecked,
        });
        if (result.status === 'not-modified') return reply.code(304).send();
        return result.assignment;
      },
    );

    app.post(
      '/v1/features/:name/variants/:variant/start',
      {
        schema: {
          params: z.object({ name: ZName, variant: ZName }),
          summary: 'Puts the caller in a variant of a feature',
          responses: { 204: { description: 'Started' } },
          errors: ['NOT_FOUND'],
        },
      },
      async (request, reply) => {
        const { name, variant } = parseInput(z.object({ name: ZName, variant: ZName }), request.params);
        await startFeatureVariant(deps.db, { name, variant, subjectKey: subjectKeyFor(deps.config, request, reply) });
        return reply.code(204).send();
      },
    );

    // Stores a chosen assignment (the dev experiments panel); production allows it to admins only.
    app.post('/auth/set-experiment/', async (request, reply) => {
      assertSameSiteJsonPost(deps.config, request);
      const body = parseInput(z.object({ experimentName: ZName, variant: ZName }).loose(), request.body);
      const isAdmin = request.identity?.roles.some((role) => role.startsWith('ElfSupport')) ?? false;
      if (deps.config.nodeEnv === 'production' && !isAdmin) throw new AppError('FORBIDDEN');
      return setFeatureVariant(deps.db, {
        name: body.experimentName,
        variant: body.variant,
        subjectKey: subjectKeyFor(deps.config, request, reply),
      });
    });
  };
}
