/**
 * Experiments (spec §3, §4, §7): weighted variants, sticky per member (or per visitor id), stored.
 * A feature's winning variant, once set, is what everyone gets.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import type { TFeatureAssignment } from '../../contracts/rest';

const ZVariants = z.array(z.object({ name: z.string().min(1).max(80), weight: z.number().min(0) })).min(1);
export type TVariant = z.infer<typeof ZVariants>[number];

export type { TFeatureAssignment };

export function parseVariants(json: string): TVariant[] {
  const parsed = ZVariants.safeParse(JSON.parse(json));
  if (!parsed.success) throw new Error('A feature has malformed variants');
  return parsed.data;
}

/** Deterministic weighted pick: the same subject always lands in the same bucket. */
export function pickVariant(variants: readonly TVariant[], subjectKey: string, featureName: string): string {
  const total = variants.reduce((sum, variant) => sum + variant.weight, 0);
  if (total <= 0) return variants[0]!.name;
  const hash = createHash('sha256').update(`${featureName}:${subjectKey}`).digest();
  const point = (hash.readUInt32BE(0) / 0x1_0000_0000) * total;
  let cumulative = 0;
  for (const variant of variants) {
    cumulative += variant.weight;
    if (point < cumulative) return variant.name;
  }
  return variants[variants.length - 1]!.name;
}

async function assign(
  db: TDb,
  feature: { name: string; tag: string; variants: string; winningVariant: string | null },
  subjectKey: string,
): Promise<{ variant: string; updatedAt: Date }> {
  if (feature.winningVariant) return { variant: feature.winningVariant, updatedAt: new Date(0) };
  const existing = await db.featureAssignment.findUnique({
    where: { featureName_subjectKey: { featureName: feature.name, subjectKey } },
  });
  if (existing) return { variant: existing.variant, updatedAt: existing.updatedAt };
  const variant = pickVariant(parseVariants(feature.variants), subjectKey, feature.name);
  // Two first requests at once must agree: the insert is idempotent and the stored row wins.
  await db.featureAssignment.createMany({
    data: [{ featureName: feature.name, subjectKey, variant }],
    skipDuplicates: true,
  });
  const stored = await db.featureAssignment.findUniqueOrThrow({
    where: { featureName_subjectKey: { featureName: feature.name, subjectKey } },
  });
  return { variant: stored.variant, updatedAt: stored.updatedAt };
}

function answer(
  feature: { name: string; tag: string; winningVariant: string | null },
  variant: string,
): TFeatureAssignment {
  return {
    tag: feature.tag,
    name: feature.name,
    assignedVariant: variant,
    isWinningVariant: feature.winningVariant === variant,
    lastChecked: Date.now(),
  };
}

/** Every active feature with the subject's variant: one read for the stored ones, one write for the new. */
export async function listFeatureAssignments(db: TDb, subjectKey: string): Promise<TFeatureAssignment[]> {
  const [features, stored] = await Promise.all([
    db.feature.findMany({ where: { isActive: true }, orderBy: { name: 'asc' } }),
    db.featureAssignment.findMany({ where: { subjectKey } }),
  ]);
  const variants = new Map(stored.map((row) => [row.featureName, row.variant]));
  const fresh = features
    .filter((feature) => !feature.winningVariant && !variants.has(feature.name))
    .map((feature) => ({
      featureName: feature.name,
      subjectKey,
      variant: pickVariant(parseVariants(feature.variants), subjectKey, feature.name),
    }));
  if (fresh.length) {
    await db.featureAssignment.createMany({ data: fresh, skipDuplicates: true });
    // A concurrent first request may have stored other variants: the stored rows win.
    const now = await db.featureAssignment.findMany({
      where: { subjectKey, featureName: { in: fresh.map((row) => row.featureName) } },
    });
    for (const row of now) variants.set(row.featureName, row.variant);
  }
  return features.map((feature) => answer(feature, feature.winningVariant ?? variants.get(feature.name)!));
}

export type TAssignmentResult = { status: 'not-modified' } | { status: 'ok'; assignment: TFeatureAssignment };

/** One feature's assignment; 'not-modified' when nothing changed since lastChecked (ms). */
export async function getFeatureAssignment(
  db: TDb,
  input: { name: string; subjectKey: string; lastChecked?: number },
): Promise<TAssignmentResult> {
  const feature = await db.feature.findUnique({ where: { name: input.name } });
  if (!feature || !feature.isActive) throw new AppError('NOT_FOUND', { message: 'Unknown feature' });
  const { variant, updatedAt } = await assign(db, feature, input.subjectKey);
  const changedAt = Math.max(updatedAt.getTime(), feature.updatedAt.getTime());
  if (input.lastChecked !== undefined && changedAt <= input.lastChecked) return { status: 'not-modified' };
  return { status: 'ok', assignment: answer(feature, variant) };
}

/** Records that the subject started seeing their variant (the variant must be theirs). */
export async function startFeatureVariant(
  db: TDb,
  input: { name: string; variant: string; subjectKey: string },
): Promise<void> {
  const feature = await db.feature.findUnique({ where: { name: input.name } });
  if (!feature || !parseVariants(feature.variants).some((variant) => variant.name === input.variant)) {
    throw new AppError('NOT_FOUND', { message: 'Unknown feature or variant' });
  }
  const { variant } = await assign(db, feature, input.subjectKey);
  if (variant !== input.variant) throw new AppError('CONFLICT', { message: 'That variant is not assigned to you' });
  await db.featureAssignment.updateMany({
    where: { featureName: input.name, subjectKey: input.subjectKey, startedAt: null },
    data: { startedAt: new Date() },
  });
}

/** Stores a chosen variant for the subject (the experiments panel forcing a variant). */
export async function setFeatureVariant(
  db: TDb,
  input: { name: string; variant: string; subjectKey: string },
): Promise<TFeatureAssignment> {
  const feature = await db.feature.findUnique({ where: { name: input.name } });
  if (!feature || !parseVariants(feature.variants).some((variant) => variant.name === input.variant)) {
    throw new AppError('NOT_FOUND', { message: 'Unknown feature or variant' });
  }
  await db.featureAssignment.upsert({
    where: { featureName_subjectKey: { featureName: input.name, subjectKey: input.subjectKey } },
    create: { featureName: input.name, subjectKey: input.subjectKey, variant: input.variant },
    update: { variant: input.variant, startedAt: null },
  });
  return answer(feature, input.variant);
}
