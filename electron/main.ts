/**
 * The support console: the web app in a hardened Electron window. No business logic here; the
 * policy lives in ./policy.ts and is unit-tested.
 */
import path from 'node:path';
import { BrowserWindow, app, ipcMain, session, shell, type IpcMainInvokeEvent } from 'electron';
import { IPC_CHANNELS, type TIpcChannel } from './ipc-channels';
import {
  hardenedWebPreferences,
  isAllowedNavigation,
  permissionDecision,
  resolveServerUrl,
  validateIpcCall,
  windowOpenDecision,
} from './policy';

const appUrl = resolveServerUrl(process.env.GIFTING_URL);

const handlers: Record<TIpcChannel, (...args: unknown[]) => Promise<unknown>> = {
  'app:get-version': async () => app.getVersion(),
  'shell:open-external': async (url) => shell.openExternal(String(url)),
};

function registerIpc(): void {
  for (const channel of IPC_CHANNELS) {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      const checked = validateIpcCall(channel, event.senderFrame?.url, appUrl, args);
      if (!checked.ok) throw new Error(`Refused IPC call on ${channel}: ${checked.reason}`);
      return handlers[checked.channel](...checked.args);
    });
  }
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 900,
    title: 'Gifting Support Console',
    show: false,
    webPreferences: hardenedWebPreferences(path.join(import.meta.dirname, 'preload.cjs')),
  });
  window.once('ready-to-show', () => window.show());
  window.webContents.setWindowOpenHandler(({ url }) => {
    const decision = windowOpenDecision(url);
    if (decision.openExternally) void shell.openExternal(url);
    return { action: decision.action };
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (!isAllowedNavigation(url, appUrl)) {
      event.preventDefault();
      if (windowOpenDecision(url).openExternally) void shell.openExternal(url);
    }
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  void window.loadURL(appUrl);
  return window;
}

app.enableSandbox();
void app.whenReady().then(() => {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(permissionDecision(permission)),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission) => permissionDecision(permission));
  registerIpc();
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
