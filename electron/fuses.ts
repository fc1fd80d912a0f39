/**
 * The Electron fuses the console is packaged with (flipped in the binary by @electron/fuses at
 * package time, see after-pack.ts; Electron's security checklist): no ELECTRON_RUN_AS_NODE, no
 * NODE_OPTIONS, no --inspect arguments, cookies encrypted at rest, the app only from its ASAR
 * archive and that archive's integrity checked, no extra privileges for file://, WebAssembly's
 * out-of-bounds trap handlers on (Electron's default since the fuse came in). Every fuse of the
 * wire is set explicitly (`strictlyRequireAllFuses`), so a new Electron fuse fails the packaging
 * until it is decided here.
 */
import path from 'node:path';
import { FuseV1Options, FuseVersion, type FuseV1Config } from '@electron/fuses';

export const CONSOLE_FUSES = {
  version: FuseVersion.V1,
  strictlyRequireAllFuses: true,
  // macOS arm64 refuses to start a binary whose ad-hoc signature no longer matches.
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
} satisfies FuseV1Config;

/** What electron-builder's afterPack hook tells us about the app it just laid out. */
export interface TPackContext {
  appOutDir: string;
  electronPlatformName: string;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}

/** The Electron binary (or app bundle) inside a packed app, per platform. */
export function electronBinaryPath(context: TPackContext): string {
  const name = context.packager.appInfo.productFilename;
  switch (context.electronPlatformName) {
    case 'darwin':
    case 'mas':
      return path.join(context.appOutDir, `${name}.app`);
    case 'win32':
      return path.join(context.appOutDir, `${name}.exe`);
    default:
      // Linux: the executable is named by the Linux packager (lower-case product name by default).
      return path.join(context.appOutDir, context.packager.executableName ?? name);
  }
}
