/**
 * The admin demo data (prisma/seed-admin.ts) on a fresh database, seeded twice: one staff member of
 * each support role who can log in, and Robin Hart's two accounts, which the merge preview shows as
 * a pair to merge (shared follow, shared group, two default lists) without blocking.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_SUPPORT_LOGIN, seedDemoData } from '../../../prisma/seed';
import { DEMO_ADMIN_IDS, DEMO_STAFF } from '../../../prisma/seed-admin';
import { loadAccount } from '../../../server/auth/roles';
import { ROLES } from '../../../server/contracts/roles';
import { createDb } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import { previewMerge } from '../../../server/services/admin/merge-accounts';
import { scratchDatabase } from '../../helpers/scratch-db';

describe('the admin demo data', () => {
  it('has one staff member of each support role and an account pair to merge, and seeds twice alike', async () => {
    const url = await scratchDatabase('seedadmin');
    await migrate(url);
    const db = createDb(url, 2);
    try {
      await seedDemoData(db);
      await seedDemoData(db);
      const staff = await db.user.findMany({
        where: { email: { in: [DEMO_SUPPORT_LOGIN.email, ...DEMO_STAFF.map((person) => person.email)] } },
        select: { id: true },
      });
      const roles = await Promise.all(staff.map(async (user) => (await loadAccount(db, user.id))!.roles));
      for (const role of [ROLES.supportAdmin, ROLES.supportAnalyst, ROLES.supportLead])
        expect(roles.filter((held) => held.includes(role))).toHaveLength(1);
      expect(await db.userCredential.count({ where: { userId: { in: staff.map((user) => user.id) } } })).toBe(3);

      const preview = await previewMerge(
        { db },
        { keepUserId: DEMO_ADMIN_IDS.keep, mergeUserId: DEMO_ADMIN_IDS.merge },
      );
      expect(preview.blocked).toBe(false);
      expect(preview.keep.displayName).toBe('Robin Hart');
      expect(preview.merge.displayName).toBe('Robin Hart');
      expect(preview.conflicts.map((conflict) => conflict.kind)).toEqual(
        expect.arrayContaining(['wish-lists', 'group-memberships', 'follows']),
      );
      const moves = Object.fromEntries(preview.moves.map((move) => [move.kind, move.count]));
      expect(moves).toMatchObject({ 'wish-lists': 1, 'exchange-seats': 1, 'group-memberships': 1, conversations: 1 });

      expect(await db.exchangeAnswer.count({ where: { flaggedAt: { not: null } } })).toBe(1);
      expect(await db.exchangeStaffNote.count()).toBe(1);
      // The seeded audit trail is written once, however often the seed runs.
      expect(await db.auditLog.count({ where: { details: { contains: '"seed":true' } } })).toBe(3);
    } finally {
      await db.$disconnect();
    }
  });
});
