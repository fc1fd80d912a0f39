import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TAppDeps } from '../../deps';
import { ZContent } from '../../contracts/content';
import { getContent } from '../../services/content/get-content';
import { parseInput } from '../validate';

const ZSlug = z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'Not a content name');
const ZContentParams = z.object({ section: ZSlug, componentName: ZSlug });
const ZComponentParams = z.object({ componentName: ZSlug });

export function contentRoutes(deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      '/v1/content/:section/:componentName',
      {
        schema: {
          params: ZContentParams,
          summary: 'A content-managed component of a section',
          responses: { 200: ZContent },
          errors: ['NOT_FOUND'],
        },
      },
      async (request) => {
        const { section, componentName } = parseInput(ZContentParams, request.params);
        return getContent(deps, { section, componentName });
      },
    );
    // The section defaults to "screens" (spec §7).
    app.get(
      '/v1/content/:componentName',
      {
        schema: {
          params: ZComponentParams,
          summary: 'A content-managed screen component',
          responses: { 200: ZContent },
          errors: ['NOT_FOUND'],
        },
      },
      async (request) => {
        const { componentName } = parseInput(ZComponentParams, request.params);
        return getContent(deps, { section: 'screens', componentName });
      },
    );
  };
}
