/**
 * What differs between the browser and the desktop console, behind one typed interface. The browser
 * implementation is in ./browser.ts; the Electron one is exposed by electron/preload.ts and
 * `satisfies` this same type. The renderer never imports electron.
 */

/** A support window of the desktop console: one identity, in its own window and storage partition. */
export interface TIdentityWindow {
  windowId: number;
  /** The member the window was opened for. */
  userId: string;
  /** Who it is, as staff named them when opening it. */
  label: string;
}

export interface TPlatform {
  kind: 'web' | 'desktop';
  /** The app's version (the desktop shell's own version on desktop). */
  getAppVersion(): Promise<string>;
  /** Opens an http(s) link outside the app (the system browser on desktop). */
  openExternal(url: string): Promise<void>;
  /**
   * Desktop only: support sessions run in their own window and storage partition, so the staff
   * member's own sign-in in the main window is never touched. In the browser a support session
   * replaces the tab's identity until it is stopped.
   */
  supportsIdentityWindows: boolean;
  /** Opens a support window for a member (it asks for the reason and starts the session there). */
  openIdentityWindow(input: { userId: string; label: string }): Promise<void>;
  /** The support windows open now. */
  listIdentityWindows(): Promise<TIdentityWindow[]>;
  /** Brings one support window to the front (switching between open identities). */
  focusIdentityWindow(windowId: number): Promise<void>;
}

declare global {
  interface Window {
    /** Set by the desktop shell's preload script. */
    giftingDesktop?: TPlatform;
  }
}
