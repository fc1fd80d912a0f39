/**
 * The support console: the web app in hardened Electron windows. The staff member's own sign-in
 * lives in the main window; each support session (impersonation) runs in a window of its own, in
 * its own in-memory storage partition, titled with whose session it is, and closing that window
 * ends the session on the server. `gifting://` links are parsed and validated before anything
 * opens. No business logic here: the rules live in ./policy.ts and ./deep-links.ts (unit-tested).
 */
import path from 'node:path';
import {
  BrowserWindow,
  app,
  ipcMain,
  session,
  shell,
  type IpcMainInvokeEvent,
  type Session,
  type WebContents,
} from 'electron';
import { DEEP_LINK_SCHEME, deepLinkFromArgv, parseDeepLink } from './deep-links';
import { IPC_CHANNELS, type TIpcChannel, type TWindowKind } from './ipc-channels';
import {
  endSessionRequest,
  identityPartition,
  identityWindowTitle,
  identityWindowUrl,
  isAllowedNavigation,
  permissionDecision,
  resolveServerUrl,
  staffWindowUrl,
  validateIpcCall,
  windowOpenDecision,
  windowOptions,
  withContentSecurityPolicy,
} from './policy';

const appUrl = resolveServerUrl(process.env.GIFTING_URL);
const preload = path.join(import.meta.dirname, 'preload.cjs');
/** How long closing a support window waits for the server to end its session. */
const END_SESSION_TIMEOUT_MS = 5_000;

interface TOpenWindow {
  kind: TWindowKind;
  window: BrowserWindow;
  userId?: string;
  label?: string;
  /** Support windows: ends the session on the server, then closes the window (once). */
  end?: () => Promise<void>;
}

const windows = new Map<number, TOpenWindow>();
let staffWindow: BrowserWindow | null = null;
let identitySequence = 0;

function hardenSession(target: Session): void {
  target.setPermissionRequestHandler((_contents, permission, callback) => callback(permissionDecision(permission)));
  target.setPermissionCheckHandler((_contents, permission) => permissionDecision(permission));
  target.webRequest.onHeadersReceived((details, callback) =>
    callback({ responseHeaders: withContentSecurityPolicy(details.url, appUrl, details.responseHeaders ?? {}) }),
  );
}

function hardenContents(contents: WebContents): void {
  contents.setWindowOpenHandler(({ url }) => {
    const decision = windowOpenDecision(url);
    if (decision.openExternally) void shell.openExternal(url);
    return { action: decision.action };
  });
  const stayInApp = (event: { preventDefault: () => void }, url: string) => {
    if (isAllowedNavigation(url, appUrl)) return;
    event.preventDefault();
    if (windowOpenDecision(url).openExternally) void shell.openExternal(url);
  };
  contents.on('will-navigate', stayInApp);
  contents.on('will-redirect', stayInApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

function track(entry: TOpenWindow): void {
  const id = entry.window.id;
  windows.set(id, entry);
  entry.window.on('closed', () => windows.delete(id));
  entry.window.once('ready-to-show', () => entry.window.show());
  hardenContents(entry.window.webContents);
}

function createStaffWindow(pathname = '/admin/'): BrowserWindow {
  const window = new BrowserWindow(windowOptions({ kind: 'staff', preload }));
  track({ kind: 'staff', window });
  window.on('closed', () => {
    if (staffWindow === window) staffWindow = null;
  });
  void window.loadURL(staffWindowUrl(appUrl, pathname));
  staffWindow = window;
  return window;
}

/** Ends the window's support session on the server, then forgets everything it stored. */
async function endIdentitySession(target: Session): Promise<void> {
  const request = endSessionRequest(appUrl);
  try {
    await target.fetch(request.url, { ...request.init, signal: AbortSignal.timeout(END_SESSION_TIMEOUT_MS) });
  } catch (error) {
    console.error('Could not end the support session on the server', error);
  }
  await target.clearStorageData();
}

function openIdentityWindow(userId: string, label: string): BrowserWindow {
  identitySequence += 1;
  const partition = identityPartition(userId, identitySequence);
  const windowSession = session.fromPartition(partition);
  hardenSession(windowSession);
  const window = new BrowserWindow(windowOptions({ kind: 'identity', preload, partition, label }));
  let ending: Promise<void> | null = null;
  const end = (): Promise<void> => {
    ending ??= endIdentitySession(windowSession).finally(() => window.destroy());
    return ending;
  };
  track({ kind: 'identity', window, userId, label, end });
  // The title bar always names the session, whatever the page calls itself.
  window.on('page-title-updated', (event, title) => {
    event.preventDefault();
    window.setTitle(identityWindowTitle(label, title));
  });
  // Closing the window ends its support session first (destroy() does not come back here).
  window.on('close', (event) => {
    event.preventDefault();
    void end();
  });
  void window.loadURL(identityWindowUrl(appUrl, userId));
  return window;
}

const handlers: Record<TIpcChannel, (...args: unknown[]) => Promise<unknown>> = {
  'app:get-version': async () => app.getVersion(),
  'shell:open-external': async (url) => shell.openExternal(String(url)),
  'identity:open-window': async (input) => {
    const { userId, label } = input as { userId: string; label: string };
    openIdentityWindow(userId, label);
  },
  'identity:list-windows': async () =>
    [...windows.values()]
      .filter((entry) => entry.kind === 'identity')
      .map((entry) => ({ windowId: entry.window.id, userId: entry.userId!, label: entry.label! })),
  'identity:focus-window': async (windowId) => {
    const entry = windows.get(Number(windowId));
    if (!entry || entry.kind !== 'identity') throw new Error('No such support window');
    if (entry.window.isMinimized()) entry.window.restore();
    entry.window.focus();
  },
};

function registerIpc(): void {
  for (const channel of IPC_CHANNELS) {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      const sender = BrowserWindow.fromWebContents(event.sender);
      const kind = sender ? (windows.get(sender.id)?.kind ?? null) : null;
      const checked = validateIpcCall(channel, event.senderFrame?.url, appUrl, args, kind);
      if (!checked.ok) throw new Error(`Refused IPC call on ${channel}: ${checked.reason}`);
      return handlers[checked.channel](...checked.args);
    });
  }
}

function openDeepLink(raw: string | null): void {
  if (!raw) return;
  const parsed = parseDeepLink(raw);
  if (!parsed.ok) {
    console.warn(`Ignored a ${DEEP_LINK_SCHEME}:// link: ${parsed.reason}`);
    return;
  }
  if (parsed.target.kind === 'identity-window') {
    openIdentityWindow(parsed.target.userId, 'Member');
    return;
  }
  const window = staffWindow ?? createStaffWindow(parsed.target.path);
  void window.loadURL(staffWindowUrl(appUrl, parsed.target.path));
  if (window.isMinimized()) window.restore();
  window.focus();
}

// One console per machine: a second start (a deep link on Windows and Linux) hands over its link.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  app.enableSandbox();
  app.on('second-instance', (_event, argv) => openDeepLink(deepLinkFromArgv(argv)));
  // macOS delivers deep links as an event, possibly before the app is ready.
  let pendingLink: string | null = deepLinkFromArgv(process.argv);
  app.on('open-url', (event, url) => {
    event.preventDefault();
    if (app.isReady()) openDeepLink(url);
    else pendingLink = url;
  });
  void app.whenReady().then(() => {
    hardenSession(session.defaultSession);
    registerIpc();
    createStaffWindow();
    openDeepLink(pendingLink);
    pendingLink = null;
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createStaffWindow();
    });
  });
  // Quitting ends every open support session on the server first, then quits (a support window's
  // close handler alone would cancel the quit and leave the console open).
  app.on('before-quit', (event) => {
    const open = [...windows.values()].flatMap((entry) => (entry.end ? [entry.end] : []));
    if (open.length === 0) return;
    event.preventDefault();
    void Promise.allSettled(open.map((end) => end())).then(() => app.quit());
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
