/**
 * Pure helpers of the chat thread: message ids are increasing decimal strings (the live stream's
 * event ids), so pages, sent messages and live ones merge into one oldest → newest list without
 * duplicates (live events are unwrapped by renderer/live-link.ts `unwrapTracked`).
 */
import type { TChatMessage } from '../../../server/contracts/social';

/** Compares two decimal ids (any length) as numbers. */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Every message once (the later copy wins), oldest first. */
export function mergeMessages(...lists: readonly (readonly TChatMessage[])[]): TChatMessage[] {
  const byId = new Map<string, TChatMessage>();
  for (const list of lists) for (const message of list) byId.set(message.messageId, message);
  return [...byId.values()].sort((a, b) => compareIds(a.messageId, b.messageId));
}

/** A fresh key for one send (the server makes one message of a double submit with the same key). */
export function newClientKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
