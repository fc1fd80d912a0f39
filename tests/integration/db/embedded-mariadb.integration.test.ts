import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../server/db/migrate';
import {
  canConnect,
  createDatabaseIfMissing,
  startEmbeddedMariadb,
  stopEmbeddedMariadb,
} from '../../../scripts/lib/database-server';
import { findSchemaDrift } from '../../helpers/schema-drift';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gifting-mariadb-'));
afterAll(async () => {
  stopEmbeddedMariadb(dataDir);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the project-local MariaDB (machines with no database server)', () => {
  it('initialises a private data directory, starts on its own port and socket, and migrates', async () => {
    const port = await freePort();
    const { url, pid } = await startEmbeddedMariadb({ dataDir, port });
    expect(url).toBe(`mysql://root@127.0.0.1:${port}/gifting`);
    expect(pid).toBeGreaterThan(0);
    await createDatabaseIfMissing(url);
    await migrate(url);
    expect(await findSchemaDrift(url)).toEqual([]);

    // A second start finds it running and reuses it.
    expect((await startEmbeddedMariadb({ dataDir, port })).url).toBe(url);

    expect(stopEmbeddedMariadb(dataDir)).toBe(true);
    const deadline = Date.now() + 20_000;
    while ((await canConnect(url, 500)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await canConnect(url, 500)).toBe(false);
  }, 120_000);
});
