/** User factory: unique values every call, never shared seed rows. */
import { randomUUID } from 'node:crypto';
import type { TDb } from '../../server/db/client';

let counter = 0;

export function uniqueSuffix(): string {
  counter += 1;
  return `${process.env.VITEST_POOL_ID ?? '0'}${Date.now().toString(36)}${counter}`;
}

export interface TUserOverrides {
  firstName?: string;
  lastName?: string;
  email?: string;
  username?: string;
  deletedAt?: Date | null;
}

export async function createUser(db: TDb, overrides: TUserOverrides = {}) {
  const suffix = uniqueSuffix();
  const firstName = overrides.firstName ?? 'Test';
  const lastName = overrides.lastName ?? `User${suffix}`;
  return db.user.create({
    data: {
      id: randomUUID(),
      email: overrides.email ?? `user${suffix}@example.test`,
      username: overrides.username ?? `user${suffix}`,
      firstName,
      lastName,
      name: `${firstName} ${lastName}`,
      deletedAt: overrides.deletedAt ?? null,
    },
  });
}
