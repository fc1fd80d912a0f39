/**
 * Shared pieces of the social integration tests: members with a real sign-in and a typed caller,
 * HTTP statuses of failed calls, and running the queued jobs a test made (its own rows only: the
 * worker's queue is shared by the tests of a file).
 */
import type { TVerifiedIdentity } from '../../../server/auth/tokens';
import { JOB_HANDLERS } from '../../../server/jobs/registry';
import { toAppError } from '../../../server/trpc/init';
import { createMember, identityFor } from '../../factories/identities';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { testDeps } from '../../helpers/server';

export const deps = testDeps();

export interface TPerson {
  id: string;
  email: string;
  identity: TVerifiedIdentity;
  caller: ReturnType<typeof callerFor>;
}

/** A registered member, public or private (members are private by default, as the spec says). */
export async function member(options: { isPrivate?: boolean; firstName?: string } = {}): Promise<TPerson> {
  const created = await createMember(testDb(), options.firstName ? { firstName: options.firstName } : {});
  if (options.isPrivate === false)
    await testDb().userSettings.create({
      data: { userId: created.id, emailGuid: crypto.randomUUID(), isPrivate: false },
    });
  const identity = await identityFor(deps, created.id);
  return { id: created.id, email: created.email, identity, caller: callerFor(identity, deps) };
}

/** The HTTP status a call ends with (200 when it succeeds). */
export async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    return toAppError(error).httpStatus;
  }
}

/** The message a failing call answers with (and its field errors). */
export async function failureOf(
  promise: Promise<unknown>,
): Promise<{ status: number; message: string; fieldErrors: Record<string, string> }> {
  try {
    await promise;
  } catch (error) {
    const appError = toAppError(error);
    return { status: appError.httpStatus, message: appError.message, fieldErrors: appError.fieldErrors ?? {} };
  }
  throw new Error('expected the call to fail');
}

/** Runs (now, whatever their run time) the queued jobs of `kind` whose payload mentions `mention`. */
export async function runQueuedJobs(kind: string, mention: string): Promise<number> {
  const db = testDb();
  const jobs = await db.job.findMany({
    where: { kind, status: 'queued', payload: { contains: mention } },
    orderBy: { id: 'asc' },
  });
  const handler = JOB_HANDLERS[kind];
  if (!handler) throw new Error(`no handler for ${kind}`);
  for (const job of jobs) {
    await handler(deps, JSON.parse(job.payload) as unknown, { id: job.id, attempts: 1 });
    await db.job.update({ where: { id: job.id }, data: { status: 'done', finishedAt: new Date() } });
  }
  return jobs.length;
}

export const unique = (): string => crypto.randomUUID().slice(0, 8);
