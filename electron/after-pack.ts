/**
 * electron-builder's afterPack hook (build/electron-builder.yml): flips the fuses of fuses.ts in
 * the packed Electron binary, before it is signed and wrapped into an installer. Compiled by
 * `npm run build:electron` into build/out/after-pack.cjs.
 */
import { flipFuses } from '@electron/fuses';
import { CONSOLE_FUSES, electronBinaryPath, type TPackContext } from './fuses';

export async function afterPack(context: TPackContext): Promise<void> {
  const binary = electronBinaryPath(context);
  await flipFuses(binary, CONSOLE_FUSES);
  console.log(`Fuses flipped in ${binary}`);
}

export default afterPack;
