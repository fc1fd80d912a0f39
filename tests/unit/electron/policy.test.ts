import { describe, expect, it } from 'vitest';
import { IPC_ALLOWED_FROM, IPC_CHANNELS } from '../../../electron/ipc-channels';
import {
  CONTENT_SECURITY_POLICY,
  DEFAULT_SERVER_URL,
  endSessionRequest,
  identityPartition,
  identityWindowTitle,
  identityWindowUrl,
  isAllowedNavigation,
  isIdentityPartition,
  permissionDecision,
  resolveServerUrl,
  staffWindowUrl,
  validateIpcCall,
  windowOpenDecision,
  windowOptions,
  withContentSecurityPolicy,
} from '../../../electron/policy';

const APP = 'https://gifts.example/';
const MEMBER = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

/** Electron's security checklist, stated for every window, whatever Electron's defaults are. */
const HARDENED = {
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
};

describe('desktop shell windows', () => {
  it('opens the staff window with exactly these options and web preferences', () => {
    expect(windowOptions({ kind: 'staff', preload: '/app/preload.cjs' })).toEqual({
      width: 1280,
      height: 900,
      minWidth: 800,
      minHeight: 600,
      title: 'Gifting Support Console',
      show: false,
      backgroundColor: '#ffffff',
      webPreferences: { ...HARDENED, preload: '/app/preload.cjs' },
    });
  });

  it('opens every support window with exactly these options, in its own partition', () => {
    const partition = identityPartition(MEMBER, 3);
    expect(windowOptions({ kind: 'identity', preload: '/app/preload.cjs', partition, label: 'Sam Rivera' })).toEqual({
      width: 1280,
      height: 900,
      minWidth: 800,
      minHeight: 600,
      title: 'Support session: Sam Rivera',
      show: false,
      backgroundColor: '#fff4e6',
      webPreferences: { ...HARDENED, preload: '/app/preload.cjs', partition: `identity-${MEMBER}-3` },
    });
  });

  it('names partitions one per window, in memory, never the staff member’s', () => {
    expect(identityPartition(MEMBER.toUpperCase(), 1)).toBe(`identity-${MEMBER}-1`);
    expect(identityPartition(MEMBER, 1)).not.toBe(identityPartition(MEMBER, 2));
    expect(identityPartition(MEMBER, 1).startsWith('persist:')).toBe(false);
    expect(isIdentityPartition(identityPartition(MEMBER, 7))).toBe(true);
    expect(isIdentityPartition('persist:default')).toBe(false);
    expect(isIdentityPartition('')).toBe(false);
    expect(() => identityPartition('../../etc', 1)).toThrow('A support window needs a member id');
    expect(() => identityPartition(MEMBER, 0)).toThrow('A support window needs a sequence number');
  });

  it('starts the staff window in the admin area and support windows at the impersonation entry', () => {
    expect(staffWindowUrl(APP)).toBe('https://gifts.example/admin/');
    expect(staffWindowUrl(APP, '/admin/finduser/?q=sam')).toBe('https://gifts.example/admin/finduser/?q=sam');
    expect(identityWindowUrl(APP, MEMBER)).toBe(
      `https://gifts.example/auth/v2/impersonate/?uid=${MEMBER}&returnurl=%2Fhome%2F`,
    );
    expect(() => identityWindowUrl(APP, 'x')).toThrow();
  });

  it('always names the session in a support window’s title bar', () => {
    expect(identityWindowTitle('Sam Rivera', 'Home')).toBe('Support session: Sam Rivera — Home');
    expect(identityWindowTitle('Sam Rivera', '  ')).toBe('Support session: Sam Rivera');
  });

  it('ends a closing window’s session with the same-site JSON log-out', () => {
    expect(endSessionRequest('http://127.0.0.1:3000/admin/')).toEqual({
      url: 'http://127.0.0.1:3000/auth/v2/logout/',
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3000' },
        body: '{}',
      },
    });
  });
});

describe('desktop shell policy', () => {
  it('loads only http(s) servers, and plain http only on loopback', () => {
    expect(resolveServerUrl(undefined)).toBe(DEFAULT_SERVER_URL);
    expect(resolveServerUrl('https://gifts.example/')).toBe('https://gifts.example/');
    expect(resolveServerUrl('http://127.0.0.1:3101/')).toBe('http://127.0.0.1:3101/');
    expect(resolveServerUrl('http://gifts.example/')).toBe(DEFAULT_SERVER_URL);
    expect(resolveServerUrl('file:///etc/passwd')).toBe(DEFAULT_SERVER_URL);
  });

  it('keeps navigation inside the app origin', () => {
    expect(isAllowedNavigation('https://gifts.example/home/', APP)).toBe(true);
    expect(isAllowedNavigation('https://evil.example/', APP)).toBe(false);
    expect(isAllowedNavigation('https://gifts.example.evil.example/', APP)).toBe(false);
    expect(isAllowedNavigation('http://gifts.example/', APP)).toBe(false);
    expect(isAllowedNavigation('javascript:alert(1)', APP)).toBe(false);
    expect(isAllowedNavigation('gifting://admin/', APP)).toBe(false);
  });

  it('denies new windows; web links go to the system browser, others nowhere', () => {
    expect(windowOpenDecision('https://shop.example/item')).toEqual({ action: 'deny', openExternally: true });
    expect(windowOpenDecision('https://user:secret@shop.example/')).toEqual({ action: 'deny', openExternally: false });
    expect(windowOpenDecision('file:///etc/passwd')).toEqual({ action: 'deny', openExternally: false });
    expect(windowOpenDecision('smb://share')).toEqual({ action: 'deny', openExternally: false });
  });

  it('denies permission requests by default', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'])
      expect(permissionDecision(permission)).toBe(false);
  });

  it('adds the Content-Security-Policy to the app’s responses that lack one, and keeps the server’s', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(withContentSecurityPolicy('https://gifts.example/home/', APP, { 'content-type': ['text/html'] })).toEqual({
      'content-type': ['text/html'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
    });
    const server = { 'content-security-policy': ["default-src 'self'"] };
    expect(withContentSecurityPolicy('https://gifts.example/', APP, server)).toBe(server);
    const other = { 'content-type': ['text/html'] };
    expect(withContentSecurityPolicy('https://evil.example/', APP, other)).toBe(other);
  });
});

describe('desktop shell IPC', () => {
  it('has one named channel per preload method, identity channels for the staff window only', () => {
    expect(IPC_CHANNELS).toEqual([
      'app:get-version',
      'shell:open-external',
      'identity:open-window',
      'identity:list-windows',
      'identity:focus-window',
    ]);
    expect(IPC_ALLOWED_FROM['identity:open-window']).toEqual(['staff']);
  });

  it('answers only known channels, from the app, from allowed windows, with valid arguments', () => {
    expect(validateIpcCall('app:get-version', 'https://gifts.example/home/', APP, [])).toMatchObject({ ok: true });
    expect(validateIpcCall('fs:read', 'https://gifts.example/', APP, [])).toEqual({
      ok: false,
      reason: 'unknown channel',
    });
    expect(validateIpcCall('app:get-version', 'https://evil.example/', APP, [])).toEqual({
      ok: false,
      reason: 'sender is not the app',
    });
    expect(validateIpcCall('app:get-version', undefined, APP, [])).toEqual({
      ok: false,
      reason: 'sender is not the app',
    });
    expect(validateIpcCall('shell:open-external', APP, APP, ['file:///etc/passwd'])).toEqual({
      ok: false,
      reason: 'invalid arguments',
    });
    expect(validateIpcCall('shell:open-external', APP, APP, ['https://shop.example/'])).toMatchObject({ ok: true });
    expect(validateIpcCall('shell:open-external', APP, APP, ['https://user:secret@shop.example/'])).toEqual({
      ok: false,
      reason: 'invalid arguments',
    });
    expect(validateIpcCall('app:get-version', APP, APP, ['extra'])).toEqual({ ok: false, reason: 'invalid arguments' });
  });

  it('validates the support-window calls and refuses them from support windows and unknown windows', () => {
    const open = [{ userId: MEMBER, label: 'Sam Rivera' }];
    expect(validateIpcCall('identity:open-window', APP, APP, open, 'staff')).toEqual({
      ok: true,
      channel: 'identity:open-window',
      args: open,
    });
    expect(validateIpcCall('identity:open-window', APP, APP, open, 'identity')).toEqual({
      ok: false,
      reason: 'not allowed from this window',
    });
    expect(validateIpcCall('identity:open-window', APP, APP, open, null)).toEqual({
      ok: false,
      reason: 'not allowed from this window',
    });
    for (const bad of [
      [{ userId: 'not-a-uuid', label: 'Sam' }],
      [{ userId: MEMBER, label: '' }],
      [{ userId: MEMBER, label: 'Sam\u0000' }],
      [{ userId: MEMBER, label: 'Sam', extra: true }],
      [{ userId: MEMBER, label: 'x'.repeat(101) }],
      [],
    ])
      expect(validateIpcCall('identity:open-window', APP, APP, bad, 'staff')).toEqual({
        ok: false,
        reason: 'invalid arguments',
      });
    expect(validateIpcCall('identity:focus-window', APP, APP, [3], 'staff')).toMatchObject({ ok: true });
    expect(validateIpcCall('identity:focus-window', APP, APP, [-1], 'staff')).toMatchObject({ ok: false });
    expect(validateIpcCall('identity:focus-window', APP, APP, ['3'], 'staff')).toMatchObject({ ok: false });
    expect(validateIpcCall('identity:list-windows', APP, APP, [], 'identity')).toMatchObject({ ok: false });
    expect(validateIpcCall('app:get-version', APP, APP, [], 'identity')).toMatchObject({ ok: true });
  });
});
