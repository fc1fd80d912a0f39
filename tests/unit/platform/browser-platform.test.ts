/**
 * The browser's side of renderer/platform: web links open in a new tab without an opener, anything
 * else is refused, and the desktop-only support windows say where they live.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserPlatform, currentPlatform } from '../../../renderer/platform/browser';
import type { TPlatform } from '../../../renderer/platform/types';

const opened: unknown[][] = [];
afterEach(() => {
  opened.length = 0;
  vi.unstubAllGlobals();
});

function stubWindow(extra: Partial<Window> = {}): void {
  vi.stubGlobal('window', { open: (...args: unknown[]) => opened.push(args), ...extra });
}

describe('the browser platform', () => {
  it('opens web links in a new tab without an opener or referrer', async () => {
    stubWindow();
    await browserPlatform.openExternal('https://shop.example/item?id=1');
    expect(opened).toEqual([['https://shop.example/item?id=1', '_blank', 'noopener,noreferrer']]);
  });

  it('refuses links that are not web links or that carry credentials', async () => {
    stubWindow();
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'https://user:secret@shop.example/', 'nonsense'])
      await expect(browserPlatform.openExternal(url)).rejects.toThrow();
    expect(opened).toEqual([]);
  });

  it('has no support windows: listing finds none, opening or focusing one says it is desktop only', async () => {
    expect(browserPlatform.supportsIdentityWindows).toBe(false);
    expect(await browserPlatform.listIdentityWindows()).toEqual([]);
    await expect(browserPlatform.openIdentityWindow({ userId: 'x', label: 'y' })).rejects.toThrow(/desktop/);
    await expect(browserPlatform.focusIdentityWindow(1)).rejects.toThrow(/desktop/);
  });

  it('is the platform unless the desktop shell’s preload provided its own', () => {
    stubWindow();
    expect(currentPlatform()).toBe(browserPlatform);
    const desktop = { ...browserPlatform, kind: 'desktop' } satisfies TPlatform;
    stubWindow({ giftingDesktop: desktop });
    expect(currentPlatform()).toBe(desktop);
  });
});
