import type { TDb } from '../../server/db/client';
import { uniqueSuffix } from './users';

export async function createFeature(
  db: TDb,
  variants: { name: string; weight: number }[],
  options: { winningVariant?: string } = {},
) {
  return db.feature.create({
    data: {
      name: `feature-${uniqueSuffix()}`,
      tag: 'test',
      variants: JSON.stringify(variants),
      winningVariant: options.winningVariant ?? null,
    },
  });
}

export async function createContent(db: TDb, input: { section?: string; title?: string; sections?: unknown[] } = {}) {
  return db.contentBlock.create({
    data: {
      section: input.section ?? 'screens',
      componentName: `component-${uniqueSuffix()}`,
      title: input.title ?? 'A title',
      body: JSON.stringify({ sections: input.sections ?? [{ body: 'Hello' }] }),
    },
  });
}
