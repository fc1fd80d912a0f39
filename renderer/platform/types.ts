/**
 * What differs between the browser and the desktop console, behind one typed interface. The browser
 * implementation is in ./browser.ts; the Electron one is exposed by electron/preload.ts and
 * `satisfies` this same type. The renderer never imports electron.
 */
export interface TPlatform {
  kind: 'web' | 'desktop';
  /** The app's version (the desktop shell's own version on desktop). */
  getAppVersion(): Promise<string>;
  /** Opens an http(s) link outside the app (the system browser on desktop). */
  openExternal(url: string): Promise<void>;
}

declare global {
  interface Window {
    /** Set by the desktop shell's preload script. */
    giftingDesktop?: TPlatform;
  }
}
