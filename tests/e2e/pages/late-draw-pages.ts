/**
 * The steps of the issue-31 spec that act as a member through the API (sign-up, tRPC calls) and
 * the few direct reads and writes of the e2e database it needs: the clock jump of the sign-up date,
 * the job queue asked to scan now (a row, as every instance's scheduler adds one each hour), and
 * the stored draw read as the truth of who gives to whom.
 */
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import mysql, { type ResultSetHeader, type RowDataPacket } from 'mysql2/promise';
import { parseDatabaseUrl } from '../../../server/db/database-url';
import { e2eDatabaseUrl, PASSWORD } from './exchange-pages';

export interface TMember {
  name: string;
  userId: string;
  token: string;
}

const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

export async function trpc<T>(request: APIRequestContext, path: string, input: unknown, token: string): Promise<T> {
  const answer = await request.post(`/trpc/${path}`, { headers: headers(token), data: input });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
  return ((await answer.json()) as { result: { data: T } }).result.data;
}

/** Signs a fresh member up; with a page's request, that browser is signed in as them too. */
export async function signUp(request: APIRequestContext, baseURL: string, name: string): Promise<TMember> {
  const email = `e2e-late-${randomUUID().slice(0, 8)}@gifting.test`;
  const answer = await request.post('/auth/v2/sign-up/', {
    data: { name, email, password: PASSWORD },
    headers: { 'content-type': 'application/json', origin: baseURL },
  });
  expect(answer.status()).toBe(201);
  const body = (await answer.json()) as { userId: string; accessToken: string };
  return { name, userId: body.userId, token: body.accessToken };
}

/** An exchange of `organizer` with `names` joined by its sign-up link and accepted. */
export async function exchangeWith(
  request: APIRequestContext,
  others: APIRequestContext,
  baseURL: string,
  organizer: TMember,
  names: readonly string[],
): Promise<{ exchangeId: string; code: string; people: TMember[] }> {
  const year = new Date().getUTCFullYear() + 1;
  const created = await trpc<{ exchangeId: string; signUpUrl: string }>(
    request,
    'exchanges.create',
    {
      title: `Book club swap ${randomUUID().slice(0, 4)}`,
      exchangeDate: `${year}-12-18`,
      signUpDate: `${year}-12-01`,
      sendInvitations: false,
    },
    organizer.token,
  );
  const code = new URL(created.signUpUrl).searchParams.get('code') ?? '';
  const people: TMember[] = [];
  for (const name of names) people.push(await join(others, baseURL, created.exchangeId, code, name));
  return { exchangeId: created.exchangeId, code, people };
}

/** A fresh member joins with the sign-up link and accepts. */
export async function join(
  request: APIRequestContext,
  baseURL: string,
  exchangeId: string,
  code: string,
  name: string,
): Promise<TMember> {
  const member = await signUp(request, baseURL, name);
  await trpc(request, 'exchanges.joinByLink', { exchangeId, code }, member.token);
  await trpc(request, 'exchanges.rsvp', { exchangeId, response: 'accept' }, member.token);
  return member;
}

async function withDb<T>(run: (connection: mysql.Connection) => Promise<T>): Promise<T> {
  const connection = await mysql.createConnection(parseDatabaseUrl(await e2eDatabaseUrl()));
  try {
    return await run(connection);
  } finally {
    await connection.end();
  }
}

/** The stored draw: giver id → recipient id. */
export function storedDraw(exchangeId: string): Promise<Map<string, string>> {
  return withDb(async (connection) => {
    const [rows] = await connection.execute<RowDataPacket[]>(
      'SELECT giver_id, receiver_id FROM exchange_assignments WHERE exchange_id = ?',
      [exchangeId],
    );
    return new Map(rows.map((row) => [String(row.giver_id), String(row.receiver_id)]));
  });
}

/** How many jobs mention the exchange (mails and the like). */
export function jobsAbout(exchangeId: string): Promise<number> {
  return withDb(async (connection) => {
    const [rows] = await connection.execute<RowDataPacket[]>('SELECT COUNT(*) AS n FROM jobs WHERE payload LIKE ?', [
      `%${exchangeId}%`,
    ]);
    return Number(rows[0]?.n ?? 0);
  });
}

/**
 * The clock jump of the automatic draw: the sign-up date becomes yesterday, and the job queue is
 * asked to scan now (the hourly scan's row, with a key of its own).
 */
export function signUpDatePassed(exchangeId: string): Promise<void> {
  return withDb(async (connection) => {
    const [moved] = await connection.execute<ResultSetHeader>(
      'UPDATE exchanges SET sign_up_date = CURDATE() - INTERVAL 1 DAY WHERE id = ?',
      [exchangeId],
    );
    expect(moved.affectedRows, `the exchange ${exchangeId} in the e2e database`).toBe(1);
    await connection.execute(
      "INSERT INTO jobs (kind, payload, unique_key, run_at, max_attempts) VALUES ('exchanges:auto-draw-scan', 'null', ?, NOW(3), 3)",
      [`e2e-auto-draw-scan:${randomUUID()}`],
    );
  });
}
