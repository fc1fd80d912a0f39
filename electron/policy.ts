/**
 * The desktop shell's security policy as plain functions, so unit tests reach it without Electron
 * (Electron's security checklist: isolation, sandbox, no Node in the renderer, web security, a
 * Content-Security-Policy, no new windows, no navigation away from the app, external links to the
 * system browser after validation, permissions denied, IPC only on named channels from the right
 * windows with valid arguments), and the support windows' rules: one identity per window, each in
 * its own in-memory storage partition, ended on the server when the window closes.
 */
import { IPC_ALLOWED_FROM, IPC_ARGUMENTS, IPC_CHANNELS, type TIpcChannel, type TWindowKind } from './ipc-channels';

export type { TWindowKind };

/**
 * The shell's own Content-Security-Policy for the app's responses that come without one: only the
 * app's own scripts, no plugins, no framing. The server sends its policy on every page (it allows
 * the same sources); this one is the shell's floor, kept here rather than imported so the shell
 * bundles no server code.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

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
  nodeIntegrationInSubFrames: false;
  webviewTag: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  experimentalFeatures: false;
  navigateOnDragDrop: false;
  spellcheck: boolean;
  preload: string;
  /** Support windows only: their own storage partition. */
  partition?: string;
}

/** Every security-relevant preference stated explicitly, even where it is Electron's default. */
export function hardenedWebPreferences(preload: string, partition?: string): TWebPreferences {
  return {
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: true,
    preload,
    ...(partition ? { partition } : {}),
  };
}

export interface TWindowOptions {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  title: string;
  show: false;
  backgroundColor: string;
  webPreferences: TWebPreferences;
}

/**
 * The options of every window the console opens: the staff member's main window, and support
 * windows (a warm background and their own partition, so nobody mistakes one for the other).
 */
export function windowOptions(
  input: { kind: 'staff'; preload: string } | { kind: 'identity'; preload: string; partition: string; label: string },
): TWindowOptions {
  const base = { width: 1280, height: 900, minWidth: 800, minHeight: 600, show: false as const };
  if (input.kind === 'staff')
    return {
      ...base,
      title: 'Gifting Support Console',
      backgroundColor: '#ffffff',
      webPreferences: hardenedWebPreferences(input.preload),
    };
  return {
    ...base,
    title: identityWindowTitle(input.label, ''),
    backgroundColor: '#fff4e6',
    webPreferences: hardenedWebPreferences(input.preload, input.partition),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PARTITION = /^identity-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(\d+)$/;

/**
 * The storage partition of a support window: one per window (the sequence number), never shared
 * with the staff member's own window, and in memory (no `persist:` prefix), so nothing of the
 * member's session is written to disk or outlives the window.
 */
export function identityPartition(userId: string, sequence: number): string {
  if (!UUID.test(userId)) throw new Error('A support window needs a member id');
  if (!Number.isInteger(sequence) || sequence < 1) throw new Error('A support window needs a sequence number');
  return `identity-${userId.toLowerCase()}-${sequence}`;
}

export function isIdentityPartition(name: string): boolean {
  return PARTITION.test(name);
}

/** Where a support window starts: the server's impersonation entry, which asks for the reason. */
export function identityWindowUrl(appUrl: string, userId: string): string {
  if (!UUID.test(userId)) throw new Error('A support window needs a member id');
  const url = new URL('/auth/v2/impersonate/', appUrl);
  url.searchParams.set('uid', userId.toLowerCase());
  url.searchParams.set('returnurl', '/home/');
  return url.toString();
}

/** Where the staff member's main window starts: the admin area. */
export function staffWindowUrl(appUrl: string, path = '/admin/'): string {
  return new URL(path, appUrl).toString();
}

/** The title bar of a support window always says whose session it is (a banner the page cannot hide). */
export function identityWindowTitle(label: string, pageTitle: string): string {
  const page = pageTitle.trim();
  return `Support session: ${label}${page ? ` — ${page}` : ''}`;
}

/**
 * Closing a support window ends its session on the server: the same-site JSON log-out POST ends
 * the impersonation (audited) and revokes that window's sign-in. Answers the request to send with
 * the window's own session (its cookie).
 */
export function endSessionRequest(appUrl: string): {
  url: string;
  init: { method: 'POST'; headers: Record<string, string>; body: string };
} {
  const origin = new URL(appUrl).origin;
  return {
    url: `${origin}/auth/v2/logout/`,
    init: { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: '{}' },
  };
}

/** Navigation inside a window is allowed only within the app's own origin. */
export function isAllowedNavigation(target: string, appUrl: string): boolean {
  try {
    return new URL(target).origin === new URL(appUrl).origin;
  } catch {
    return false;
  }
}

/** Links that may open in the system browser: http(s) only, without credentials. */
export function isExternalLinkAllowed(target: string): boolean {
  try {
    const url = new URL(target);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
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

/**
 * Response headers with the Content-Security-Policy enforced on the app's own responses (the
 * server sends it on pages; the shell adds it where it is missing). Other origins never load.
 */
export function withContentSecurityPolicy(
  url: string,
  appUrl: string,
  headers: Record<string, string[]>,
): Record<string, string[]> {
  if (!isAllowedNavigation(url, appUrl)) return headers;
  const present = Object.keys(headers).some((name) => name.toLowerCase() === 'content-security-policy');
  return present ? headers : { ...headers, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] };
}

/**
 * IPC calls are answered only on known channels, for frames of the app's own origin, from the
 * windows the channel allows, with valid arguments.
 */
export function validateIpcCall(
  channel: string,
  senderUrl: string | undefined,
  appUrl: string,
  args: unknown[],
  windowKind: TWindowKind | null = 'staff',
): { ok: true; channel: TIpcChannel; args: unknown[] } | { ok: false; reason: string } {
  if (!(IPC_CHANNELS as readonly string[]).includes(channel)) return { ok: false, reason: 'unknown channel' };
  const known = channel as TIpcChannel;
  if (!senderUrl || !isAllowedNavigation(senderUrl, appUrl)) return { ok: false, reason: 'sender is not the app' };
  if (!windowKind || !(IPC_ALLOWED_FROM[known] as readonly TWindowKind[]).includes(windowKind))
    return { ok: false, reason: 'not allowed from this window' };
  const parsed = IPC_ARGUMENTS[known].safeParse(args);
  if (!parsed.success) return { ok: false, reason: 'invalid arguments' };
  return { ok: true, channel: known, args: parsed.data as unknown[] };
}
