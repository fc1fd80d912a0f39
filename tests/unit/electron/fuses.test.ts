/**
 * The packaging step's fuses: the exact configuration, where the binary sits per platform, and the
 * afterPack hook flipping them with the real @electron/fuses in a stand-in binary (a file carrying
 * Electron's fuse sentinel and wire), since Electron's own binary cannot be downloaded here.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FuseV1Options, FuseVersion, getCurrentFuseWire } from '@electron/fuses';
import { afterEach, describe, expect, it } from 'vitest';
import { afterPack } from '../../../electron/after-pack';
import { CONSOLE_FUSES, electronBinaryPath } from '../../../electron/fuses';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ENABLED = 49;
const DISABLED = 48;

/** A stand-in Electron binary: bytes, the sentinel, the wire version (1), its length and states. */
function fakeBinary(states: number[]): Buffer {
  return Buffer.concat([
    Buffer.from('\u007fELF…electron…'),
    Buffer.from(SENTINEL),
    Buffer.from([1, states.length, ...states]),
    Buffer.from('…more bytes'),
  ]);
}

let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

describe('the console’s fuses', () => {
  it('are all decided: no run-as-node, NODE_OPTIONS or inspector; encrypted cookies; ASAR only, checked', () => {
    expect(CONSOLE_FUSES).toEqual({
      version: FuseVersion.V1,
      strictlyRequireAllFuses: true,
      resetAdHocDarwinSignature: true,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
      [FuseV1Options.WasmTrapHandlers]: true,
    });
  });

  it('decide every fuse the installed @electron/fuses knows (a new one fails here, not at release time)', () => {
    const known = Object.values(FuseV1Options).filter((value): value is number => typeof value === 'number');
    expect(known.length).toBeGreaterThanOrEqual(9);
    for (const fuse of known) expect(typeof (CONSOLE_FUSES as Record<number, unknown>)[fuse]).toBe('boolean');
  });

  it('finds the Electron binary electron-builder packed, per platform', () => {
    const base = { appOutDir: '/out', packager: { appInfo: { productFilename: 'Gifting Support Console' } } };
    expect(electronBinaryPath({ ...base, electronPlatformName: 'darwin' })).toBe('/out/Gifting Support Console.app');
    expect(electronBinaryPath({ ...base, electronPlatformName: 'win32' })).toBe('/out/Gifting Support Console.exe');
    expect(
      electronBinaryPath({
        ...base,
        electronPlatformName: 'linux',
        packager: { ...base.packager, executableName: 'gifting-support-console' },
      }),
    ).toBe('/out/gifting-support-console');
  });

  it('are flipped in the packed binary by the afterPack hook', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fuses-'));
    const binary = path.join(dir, 'gifting-support-console');
    // Electron's defaults: run-as-node, NODE_OPTIONS, inspector and WebAssembly traps on; the rest off.
    await writeFile(
      binary,
      fakeBinary([ENABLED, DISABLED, ENABLED, ENABLED, DISABLED, DISABLED, DISABLED, DISABLED, ENABLED]),
    );
    await afterPack({
      appOutDir: dir,
      electronPlatformName: 'linux',
      packager: { appInfo: { productFilename: 'Gifting Support Console' }, executableName: 'gifting-support-console' },
    });
    const wire = await getCurrentFuseWire(binary);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((index) => (wire as Record<number, number>)[index])).toEqual([
      DISABLED,
      ENABLED,
      DISABLED,
      DISABLED,
      ENABLED,
      ENABLED,
      DISABLED,
      DISABLED,
      ENABLED,
    ]);
    // Only the wire changed.
    expect((await readFile(binary)).subarray(0, 10).toString()).toBe(fakeBinary([]).subarray(0, 10).toString());
  });

  it('refuse to package an Electron whose wire has a fuse nobody decided', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fuses-'));
    await writeFile(
      path.join(dir, 'console'),
      fakeBinary([ENABLED, DISABLED, ENABLED, ENABLED, DISABLED, DISABLED, DISABLED, DISABLED, ENABLED, ENABLED]),
    );
    await expect(
      afterPack({
        appOutDir: dir,
        electronPlatformName: 'linux',
        packager: { appInfo: { productFilename: 'console' } },
      }),
    ).rejects.toThrow();
  });
});
