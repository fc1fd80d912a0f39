/**
 * Exposes exactly one method per IPC channel to the renderer, as the same TPlatform the browser
 * implements. Never forwards arbitrary channels.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { TPlatform } from '../renderer/platform/types';

const desktop = {
  kind: 'desktop',
  getAppVersion: () => ipcRenderer.invoke('app:get-version') as Promise<string>,
  openExternal: async (url: string) => {
    await ipcRenderer.invoke('shell:open-external', url);
  },
} satisfies TPlatform;

contextBridge.exposeInMainWorld('giftingDesktop', desktop);
