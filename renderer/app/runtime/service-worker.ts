/**
 * The service worker (renderer/public/sw.js) is registered on https only (spec §2): never on http,
 * never in development, and only where the browser supports it.
 */
export const SERVICE_WORKER_URL = '/sw.js';

export function shouldRegisterServiceWorker(
  location: Pick<Location, 'protocol'>,
  options: { supported: boolean; isDev?: boolean } = { supported: true },
): boolean {
  return options.supported && options.isDev !== true && location.protocol === 'https:';
}

/** Registers after the page has loaded, so the worker never competes with the first render. */
export function registerServiceWorker(win: Window, isDev: boolean, onError: (error: unknown) => void): void {
  const supported = 'serviceWorker' in win.navigator;
  if (!shouldRegisterServiceWorker(win.location, { supported, isDev })) return;
  const register = (): void => {
    win.navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(onError);
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
