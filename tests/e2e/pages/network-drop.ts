/**
 * A network that can drop, for a browser context's whole traffic: a TCP relay in front of the app
 * server. `drop()` resets every open connection (a live stream's included) and refuses new ones,
 * as a phone losing its signal; `back()` lets them through again. The page talks to the relay's
 * origin, so the browser's own reconnection (EventSource's, with its Last-Event-ID) is what runs.
 */
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TNetworkDrop {
  /** The relay's origin, to use as the context's baseURL. */
  url: string;
  drop(): void;
  back(): void;
  close(): Promise<void>;
}

export async function startNetworkDrop(target: string): Promise<TNetworkDrop> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let down = false;
  const relay = createServer((client) => {
    if (down) return void client.resetAndDestroy();
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    drop() {
      down = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    back() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}
