import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TAppDeps } from '../../deps';
import { getContent } from '../../services/content/get-content';
import { parseInput } from '../validate';

const ZSlug = z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'Not a content name');

export function contentRoutes(deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/v1/content/:section/:componentName', async (request) => {
      const { section, componentName } = parseInput(z.object({ section: ZSlug, componentName: ZSlug }), request.params);
      return getContent(deps, { section, componentName });
    });
    // The section defaults to "screens" (spec §7).
    app.get('/v1/content/:componentName', async (request) => {
      const { componentName } = parseInput(z.object({ componentName: ZSlug }), request.params);
      return getContent(deps, { section: 'screens', componentName });
    });
  };
}
