/**
 * The REST description as a client developer uses it (issue 29): GET /v1/openapi.json passes
 * Redocly's recommended rules, openapi-typescript generates types from it, and a client written
 * against those types (openapi-fetch) type-checks and makes real calls whose answers match the zod
 * contracts the document was made from. The generated files go to test-results/ (ignored) and are
 * removed afterwards, so a new route never leaves a committed client stale.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PAGING_HEADER } from '../../../server/contracts/constants';
import { ZListedPerson, ZProfile } from '../../../server/contracts/people';
import { ZEnumValue } from '../../../server/contracts/rest';
import { startSession } from '../../../server/auth/sessions';
import { ZErrorBody } from '../../../server/http/openapi';
import { createMember } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const WORK = path.join(ROOT, 'test-results', `openapi-client-${process.pid}`);
const bin = (name: string): string => path.join(ROOT, 'node_modules', '.bin', name);

let server: TTestServer;
let document: Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'http://127.0.0.1', RENDERER_DIST: '/nonexistent' });
  const response = await fetch(`${server.baseUrl}/v1/openapi.json`);
  expect(response.status).toBe(200);
  document = (await response.json()) as Record<string, unknown>;
  mkdirSync(WORK, { recursive: true });
});
afterAll(() => rmSync(WORK, { recursive: true, force: true }));

/**
 * Runs a command without blocking this process: the test server runs in it, and a synchronous
 * spawn froze its event loop for the whole type-check, after which its overload guard answered
 * the first real call 503 ("The server is overloaded").
 */
function runCommand(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: options.env ?? process.env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

function redoclyLint(file: string): Promise<{ status: number | null; output: string }> {
  return runCommand(bin('redocly'), ['lint', file, '--extends', 'recommended', '--format', 'stylish'], {
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    timeoutMs: 120_000,
  });
}

type TOperation = { summary?: string; tags?: string[]; responses: Record<string, unknown> };
const operations = (): [string, string, TOperation][] =>
  Object.entries(document.paths as Record<string, Record<string, TOperation>>).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, string, TOperation] => [url, method, operation]),
  );

describe('the OpenAPI document', () => {
  it('names its server from PUBLIC_URL and gives every operation a summary, a tag, an answer and its errors', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: 'http://127.0.0.1' })]);
    expect(operations().length).toBeGreaterThan(40);
    for (const [url, method, operation] of operations()) {
      expect(operation.summary, `${method} ${url}`).toBeTruthy();
      expect(operation.tags, `${method} ${url}`).toHaveLength(1);
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((status) => /^[23]/.test(status)),
        `${method} ${url}`,
      ).toBe(true);
      expect(statuses, `${method} ${url}`).toContain('503');
    }
    const profile = (document.paths as Record<string, Record<string, TOperation>>)['/v1/users/{userId}']!.get!;
    expect(JSON.stringify(profile.responses['200'])).toContain('"displayName"');
    // The 404 answer lists the one code it carries.
    const components = document.components as { responses: Record<string, unknown> };
    expect(JSON.stringify(components.responses.Error404)).toContain('"enum":["NOT_FOUND"]');
    expect(JSON.stringify(components.responses.Error400)).toContain('"VALIDATION"');
  });

  it('passes redocly lint with the recommended rules (and the lint fails a document without summaries)', async () => {
    const file = path.join(WORK, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const lint = await redoclyLint(file);
    expect(lint.output).toContain('valid');
    expect(lint.status, lint.output).toBe(0);

    const broken = structuredClone(document) as { paths: Record<string, Record<string, TOperation>> };
    for (const methods of Object.values(broken.paths))
      for (const operation of Object.values(methods)) delete operation.summary;
    const brokenFile = path.join(WORK, 'broken.json');
    writeFileSync(brokenFile, JSON.stringify(broken));
    const refused = await redoclyLint(brokenFile);
    expect(refused.status).not.toBe(0);
    expect(refused.output).toContain('operation-summary');
  }, 240_000);
});

/** A client written against the generated types: tsc checks it, the test runs it. */
const CLIENT_SOURCE = `import createClient from 'openapi-fetch';
import type { paths } from './schema';

export async function realCalls(baseUrl: string, token: string, userId: string) {
  const client = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${token}\` } });
  const genders = await client.GET('/v1/enums/{name}', { params: { path: { name: 'genders' } } });
  const firstLabel: string | undefined = genders.data?.[0]?.label;
  const profile = await client.GET('/v1/users/{userId}', { params: { path: { userId } } });
  const displayName: string | undefined = profile.data?.displayName;
  const followed = await client.GET('/v1/users/{userId}/followed-users', {
    params: { path: { userId }, query: { limit: 5, offset: 0 } },
  });
  const followedNames: string[] = (followed.data ?? []).map((person) => person.displayName);
  const missing = await client.GET('/v1/users/{userId}', {
    params: { path: { userId: '00000000-0000-4000-8000-000000000000' } },
  });
  const missingCode: 'VALIDATION' | 'BAD_REQUEST' | 'FORBIDDEN' | 'NOT_FOUND' | 'UNAVAILABLE' | undefined =
    missing.error?.error.code;
  return {
    gendersAnswer: { status: genders.response.status, error: genders.error },
    genders: genders.data,
    firstLabel,
    profile: profile.data,
    displayName,
    followed: followed.data,
    followedNames,
    paging: followed.response.headers.get('${PAGING_HEADER}'),
    missing: { status: missing.response.status, body: missing.error, code: missingCode },
  };
}

/** Never called: each line must be refused by the compiler (else the types would be too loose). */
export async function refusedByTheTypes(baseUrl: string) {
  const client = createClient<paths>({ baseUrl });
  // @ts-expect-error: no such path in the document
  await client.GET('/v1/no-such-path');
  // @ts-expect-error: the path's userId is required
  await client.GET('/v1/users/{userId}', { params: { path: {} } });
  const profile = await client.GET('/v1/users/{userId}', { params: { path: { userId: 'x' } } });
  // @ts-expect-error: a profile has no such field
  return profile.data?.noSuchField;
}
`;

describe('a client generated from the document', () => {
  it('type-checks against real calls (openapi-typescript + openapi-fetch), whose answers match the contracts', async () => {
    const types = astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]));
    writeFileSync(path.join(WORK, 'schema.d.ts'), types);
    writeFileSync(path.join(WORK, 'client.ts'), CLIENT_SOURCE);
    // TypeScript 5.9 by its path: node_modules/.bin/tsc may be either of the two TypeScripts
    // (typescript-7 names its binary tsc too), depending on how the packages were installed.
    const tsc = await runCommand(
      path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
      [
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        '--target',
        'es2022',
        '--module',
        'esnext',
        '--moduleResolution',
        'bundler',
        '--lib',
        'es2022,dom',
        '--types',
        'node',
        path.join(WORK, 'client.ts'),
      ],
      { timeoutMs: 180_000 },
    );
    expect(tsc.output).toBe('');
    expect(tsc.status).toBe(0);

    const member = await createMember(testDb(), { firstName: 'Openapi', lastName: 'Client' });
    const followed = await createMember(testDb(), { firstName: 'Followed', lastName: 'Person' });
    await testDb().follow.create({ data: { followerId: member.id, followedId: followed.id } });
    const session = await startSession(testDeps(), { userId: member.id });
    const { realCalls } = (await import(path.join(WORK, 'client.ts'))) as {
      realCalls: (baseUrl: string, token: string, userId: string) => Promise<Record<string, unknown>>;
    };
    const answers = (await realCalls(server.baseUrl, session.accessToken, member.id)) as {
      gendersAnswer: { status: number; error: unknown };
      genders: unknown;
      profile: unknown;
      displayName: string;
      followed: unknown;
      followedNames: string[];
      paging: string | null;
      missing: { status: number; body: unknown; code: string };
    };
    // What the server answered, should it not be the list (a failure then says why).
    expect(answers.gendersAnswer).toEqual({ status: 200, error: undefined });
    expect(z.array(ZEnumValue).parse(answers.genders).length).toBeGreaterThan(0);
    expect(ZProfile.parse(answers.profile).userId).toBe(member.id);
    expect(answers.displayName).toContain('Openapi');
    expect(z.array(ZListedPerson).parse(answers.followed)).toHaveLength(1);
    expect(answers.followedNames[0]).toContain('Followed');
    expect(JSON.parse(answers.paging ?? '{}')).toMatchObject({ limit: 5, offset: 0, total: 1 });
    expect(answers.missing.status).toBe(404);
    expect(ZErrorBody.parse(answers.missing.body).error.code).toBe('NOT_FOUND');
    expect(answers.missing.code).toBe('NOT_FOUND');
  }, 240_000);
});
