/**
 * The desktop shell's security policy as plain functions, so unit tests reach it without Electron
 * (Electron's security checklist: isolation, sandbox, no Node in the renderer, no new windows, no
 * navigation away from the app, external links to the system browser, permissions denied).
 */
import { IPC_ARGUMENTS, IPC_CHANNELS, type TIpcChannel } from './ipc-channels';

export const DEFAULT_SERVER_URL = 'http://localhost:3000/';

/** The server the console loads: GIFTING_URL when it is a valid http(s) URL, else the default. */
export function resolveServerUrl(value: string | undefined): string {
  if (!value) return DEFAULT_SERVER_URL;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return DEFAULT_SERVER_URL;
    if (url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
      return DEFAULT_SERVER_URL;
    return url.toString();
  } catch {
    return DEFAULT_SERVER_URL;
  }
}

export interface TWebPreferences {
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  webviewTag: false;
  spellcheck: boolean;
  preload: string;
}

export function hardenedWebPreferences(preload: string): TWebPreferences {
  return {
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webviewTag: false,
    spellcheck: true,
    preload,
  };
}

/** Navigation inside the window is allowed only within the app's own origin. */
export function isAllowedNavigation(target: string, appUrl: string): boolean {
  try {
    return new URL(target).origin === new URL(appUrl).origin;
  } catch {
    return false;
  }
}

/** Links that may open in the system browser: http(s) only. */
export function isExternalLinkAllowed(target: string): boolean {
  try {
    const url = new URL(target);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** New windows are always denied; an http(s) target goes to the system browser instead. */
export function windowOpenDecision(target: string): { action: 'deny'; openExternally: boolean } {
  return { action: 'deny', openExternally: isExternalLinkAllowed(target) };
}

/** Every permission request (camera, notifications, geolocation, ...) is denied. */
export function permissionDecision(_permission: string): boolean {
  return false;
}

/** IPC calls are answered only for frames of the app's own origin, on known channels, with valid arguments. */
export function validateIpcCall(
  channel: string,
  senderUrl: string | undefined,
  appUrl: string,
  args: unknown[],
): { ok: true; channel: TIpcChannel; args: unknown[] } | { ok: false; reason: string } {
  if (!(IPC_CHANNELS as readonly string[]).includes(channel)) return { ok: false, reason: 'unknown channel' };
  if (!senderUrl || !isAllowedNavigation(senderUrl, appUrl)) return { ok: false, reason: 'sender is not the app' };
  const parsed = IPC_ARGUMENTS[channel as TIpcChannel].safeParse(args);
  if (!parsed.success) return { ok: false, reason: 'invalid arguments' };
  return { ok: true, channel: channel as TIpcChannel, args: parsed.data as unknown[] };
}
