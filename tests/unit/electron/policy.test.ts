import { describe, expect, it } from 'vitest';
import { IPC_CHANNELS } from '../../../electron/ipc-channels';
import {
  DEFAULT_SERVER_URL,
  hardenedWebPreferences,
  isAllowedNavigation,
  permissionDecision,
  resolveServerUrl,
  validateIpcCall,
  windowOpenDecision,
} from '../../../electron/policy';

const APP = 'https://gifts.example/';

describe('desktop shell policy', () => {
  it('hardens every window explicitly', () => {
    expect(hardenedWebPreferences('/p.cjs')).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    });
  });

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
    expect(isAllowedNavigation('javascript:alert(1)', APP)).toBe(false);
  });

  it('denies new windows; web links go to the system browser, others nowhere', () => {
    expect(windowOpenDecision('https://shop.example/item')).toEqual({ action: 'deny', openExternally: true });
    expect(windowOpenDecision('file:///etc/passwd')).toEqual({ action: 'deny', openExternally: false });
    expect(windowOpenDecision('smb://share')).toEqual({ action: 'deny', openExternally: false });
  });

  it('denies permission requests by default', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read'])
      expect(permissionDecision(permission)).toBe(false);
  });

  it('answers IPC only on known channels, from the app, with valid arguments', () => {
    expect(IPC_CHANNELS).toEqual(['app:get-version', 'shell:open-external']);
    expect(validateIpcCall('app:get-version', 'https://gifts.example/home/', APP, [])).toMatchObject({ ok: true });
    expect(validateIpcCall('fs:read', 'https://gifts.example/', APP, [])).toEqual({
      ok: false,
      reason: 'unknown channel',
    });
    expect(validateIpcCall('app:get-version', 'https://evil.example/', APP, [])).toEqual({
      ok: false,
      reason: 'sender is not the app',
    });
    expect(validateIpcCall('shell:open-external', APP, APP, ['file:///etc/passwd'])).toEqual({
      ok: false,
      reason: 'invalid arguments',
    });
    expect(validateIpcCall('shell:open-external', APP, APP, ['https://shop.example/'])).toMatchObject({ ok: true });
  });
});
