/**
 * The browser tests' lanes: each Playwright project below runs its files one after another against
 * a server and database of its own (tests/e2e/serve.ts on E2E_PORT + offset; serve.ts also takes the
 * next port for its product pages), and the lanes run side by side. A test spends much of its time
 * waiting on its page or server, and another lane uses the core meanwhile. Shared by
 * playwright.config.ts and scripts/test.ts (which starts the servers early).
 *
 * - ui-2 and ui-3 take the files their patterns name; every other ui file goes to `ui` (with the
 *   `api` project, on the same server). The demo data is changed by these tests, so a lane never
 *   runs two at once.
 * - a11y: the accessibility sweep reads every screen and changes nothing.
 */
export const E2E_LANES = [
  { project: 'ui', offset: 0 },
  { project: 'ui-2', offset: 20 },
  { project: 'ui-3', offset: 30 },
  { project: 'a11y', offset: 10 },
] as const;

export type TE2eLane = (typeof E2E_LANES)[number]['project'];

export const SWEEP_FILE = /ui\/accessibility\.spec\.ts$/;
export const LANE_FILES: Record<'ui-2' | 'ui-3', RegExp> = {
  // groups (23 s, fresh members of its own) moved here from ui, which the sweep follows. Lane ends in
  // a fresh-clone run, before: ui 202 s, then the sweep 393 s; ui-2 334 s; ui-3 373 s. After: ui
  // 178 s, the sweep 365 s; ui-2 342 s; ui-3 361 s.
  'ui-2': /ui\/(foundation|groups|keyboard|people|runtime|shop|social|wish-lists|wish-lists-pages)\.spec\.ts$/,
  // Every exchange screen's file (exchange-*.spec.ts), new ones included.
  'ui-3': /ui\/exchange-[a-z0-9-]+\.spec\.ts$/,
};

export function e2ePort(): number {
  return Number(process.env.E2E_PORT ?? 3101);
}
