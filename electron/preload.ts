/**
 * Exposes exactly one method per IPC channel to the renderer, as the same TPlatform the browser
 * implements (renderer/platform/types.ts). Never forwards arbitrary channels; the main process
 * checks the sender and validates every argument again.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { TIdentityWindow, TPlatform } from '../renderer/platform/types';

const desktop = {
  kind: 'desktop',
  getAppVersion: () => ipcRenderer.invoke('app:get-version') as Promise<string>,
  openExternal: async (url: string) => {
    await ipcRenderer.invoke('shell:open-external', url);
  },
  supportsIdentityWindows: true,
  openIdentityWindow: async (input: { userId: string; label: string }) => {
    await ipcRenderer.invoke('identity:open-window', { userId: input.userId, label: input.label });
  },
  listIdentityWindows: () => ipcRenderer.invoke('identity:list-windows') as Promise<TIdentityWindow[]>,
  focusIdentityWindow: async (windowId: number) => {
    await ipcRenderer.invoke('identity:focus-window', windowId);
  },
} satisfies TPlatform;

contextBridge.exposeInMainWorld('giftingDesktop', desktop);
