/**
 * A Redis for the tests of the shared (multi-instance) mode: the one on 127.0.0.1:6379 when it
 * answers, else a private redis-server on a free port (installed with apt first on Debian as root).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function redisServerBinary(): string {
  const found = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((candidate) => existsSync(candidate));
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (existsSync('/etc/debian_version') && isRoot) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'redis-server'], { stdio: 'inherit', env });
    if (existsSync('/usr/bin/redis-server')) return '/usr/bin/redis-server';
  }
  throw new Error(
    'Redis not found: install redis-server (Debian: apt-get install redis-server) or run one on 127.0.0.1:6379',
  );
}

export async function ensureRedis(): Promise<{ url: string; stop(): void }> {
  if (await answers(6379)) return { url: 'redis://127.0.0.1:6379', stop: () => undefined };
  const port = await freePort();
  const child: ChildProcess = spawn(
    redisServerBinary(),
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (Date.now() > deadline) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill() };
}
