import type { TPlatform } from './types';

const DESKTOP_ONLY = 'Support windows open in the desktop support console';

export const browserPlatform: TPlatform = {
  kind: 'web',
  async getAppVersion() {
    return import.meta.env.VITE_APP_VERSION ?? '0.1.0';
  },
  async openExternal(url) {
    const parsed = new URL(url);
    // As the desktop shell: web links only, never with a user name or password in them.
    if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.username || parsed.password)
      throw new Error('Only web links can be opened');
    window.open(parsed.toString(), '_blank', 'noopener,noreferrer');
  },
  supportsIdentityWindows: false,
  async openIdentityWindow() {
    throw new Error(DESKTOP_ONLY);
  },
  async listIdentityWindows() {
    return [];
  },
  async focusIdentityWindow() {
    throw new Error(DESKTOP_ONLY);
  },
};

/** The platform the renderer runs on: the desktop shell's when present, else the browser's. */
export function currentPlatform(): TPlatform {
  return (typeof window !== 'undefined' && window.giftingDesktop) || browserPlatform;
}
