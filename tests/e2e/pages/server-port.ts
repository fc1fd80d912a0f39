/**
 * The port of the e2e server the running test talks to: its project's baseURL (playwright.config.ts
 * gives each project of browser tests a server, database and mail folder of its own, all named by
 * this port), or E2E_PORT outside a test.
 */
import { test } from '@playwright/test';

export function e2eServerPort(): string {
  let baseURL: string | undefined;
  try {
    baseURL = test.info().project.use.baseURL;
  } catch {
    baseURL = undefined; // not inside a test
  }
  return baseURL ? new URL(baseURL).port : (process.env.E2E_PORT ?? '3101');
}
