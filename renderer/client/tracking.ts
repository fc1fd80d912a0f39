/**
 * UTM capture, the device pixel ratio cookie and the base64 tracking header sent on non-GET API
 * calls (spec §7, §9). Cookies go through an injected jar so this runs without a DOM.
 */
import {
  PIXEL_RATIO_COOKIE_KEY,
  PIXEL_RATIO_COOKIE_MAX_AGE_DAYS,
  UTM_COOKIE_KEY,
  UTM_COOKIE_MAX_AGE_MS,
} from '../../server/contracts/constants';
import type { TNow } from './types';

export type TUtm = Record<string, string>;
export type TDeviceType = 'mobile' | 'tablet' | 'desktop';

export const UTM_PREFIX = 'utm_';
export const DAY_MS = 86_400_000;
export const PIXEL_RATIO_COOKIE_MAX_AGE_MS = PIXEL_RATIO_COOKIE_MAX_AGE_DAYS * DAY_MS;

// ---------------------------------------------------------------------------------------------
// Cookies

export interface TCookieOptions {
  maxAgeMs?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
}

export interface TCookieJar {
  get(name: string): string | null;
  set(name: string, value: string, options?: TCookieOptions): void;
  remove(name: string, options?: Pick<TCookieOptions, 'path'>): void;
}

/** Parses a `document.cookie` string into a map (values URI-decoded; first occurrence wins). */
export function parseCookieString(cookieString: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (!name || map.has(name)) continue;
    const raw = part.slice(eq + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // keep the raw value
    }
    map.set(name, value);
  }
  return map;
}

/** Serialises one `Set-Cookie`-style assignment for `document.cookie = ...`. */
export function serializeCookie(
  name: string,
  value: string,
  options: TCookieOptions = {},
  now: TNow = Date.now,
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  if (options.maxAgeMs !== undefined) {
    parts.push(`Max-Age=${Math.floor(options.maxAgeMs / 1000)}`);
    parts.push(`Expires=${new Date(now() + options.maxAgeMs).toUTCString()}`);
  }
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** A cookie jar over `document.cookie` accessors: `createDocumentCookieJar({ read: () => document.cookie, write: (c) => { document.cookie = c } })`. */
export function createDocumentCookieJar(deps: {
  read: () => string;
  write: (cookie: string) => void;
  now?: TNow;
  secure?: boolean;
}): TCookieJar {
  const now = deps.now ?? Date.now;
  return {
    get: (name: string): string | null => parseCookieString(deps.read()).get(name) ?? null,
    set: (name: string, value: string, options: TCookieOptions = {}): void => {
      deps.write(serializeCookie(name, value, { secure: deps.secure, ...options }, now));
    },
    remove: (name: string, options: Pick<TCookieOptions, 'path'> = {}): void => {
      deps.write(serializeCookie(name, '', { ...options, maxAgeMs: 0 }, () => 0));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// UTM

/** All utm_* query parameters of a query string (leading `?` optional) or URLSearchParams. */
export function parseUtm(search: string | URLSearchParams): TUtm {
  const params =
    typeof search === 'string' ? new URLSearchParams(search.startsWith('?') ? search.slice(1) : search) : search;
  const utm: TUtm = {};
  for (const [key, value] of params) {
    const name = key.toLowerCase();
    if (name.startsWith(UTM_PREFIX) && name.length > UTM_PREFIX.length && value !== '' && !(name in utm)) {
      utm[name] = value.slice(0, 256);
    }
  }
  return utm;
}

/** The UTM parameters kept in the vueUtm cookie, or {} when there are none or they are unreadable. */
export function readStoredUtm(jar: TCookieJar): TUtm {
  const raw = jar.get(UTM_COOKIE_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const utm: TUtm = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (key.startsWith(UTM_PREFIX) && typeof value === 'string') utm[key] = value;
    }
    return utm;
  } catch {
    return {};
  }
}

/**
 * Captures the utm_* parameters of the current address: when there are any, they replace the
 * stored ones in cookie vueUtm for 7 days. Answers the UTM in effect (new or stored).
 */
export function captureUtm(search: string | URLSearchParams, jar: TCookieJar): TUtm {
  const utm = parseUtm(search);
  if (Object.keys(utm).length === 0) return readStoredUtm(jar);
  jar.set(UTM_COOKIE_KEY, JSON.stringify(utm), { maxAgeMs: UTM_COOKIE_MAX_AGE_MS });
  return utm;
}

/** Keeps the device pixel ratio in its cookie for 365 days. */
export function storePixelRatio(jar: TCookieJar, ratio: number): void {
  const value = Number.isFinite(ratio) && ratio > 0 ? ratio : 1;
  jar.set(PIXEL_RATIO_COOKIE_KEY, String(Math.round(value * 100) / 100), { maxAgeMs: PIXEL_RATIO_COOKIE_MAX_AGE_MS });
}

/** A coarse device type from the user agent. */
export function detectDeviceType(userAgent: string): TDeviceType {
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|BlackBerry|IEMobile|Opera Mini/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

// ---------------------------------------------------------------------------------------------
// Tracking header

export interface TTrackingInput {
  utm: TUtm;
  deviceType: TDeviceType | string;
  appVersion: string;
  /** Experiment parameters, e.g. `{ newCheckout: 'variantB' }`. */
  experiments?: Record<string, string>;
}

export interface TTrackingPayload {
  utm: TUtm;
  deviceType: string;
  app: 'web';
  appVersion: string;
  experiments: Record<string, string>;
}

/** UTF-8 safe base64 that works in the browser and in Node (TextEncoder + btoa). */
export function encodeBase64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

export function decodeBase64Utf8(base64: string): string {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

/** The x-tracking header value: base64 of JSON { utm, deviceType, app: 'web', appVersion, experiments }. */
export function buildTrackingHeader(input: TTrackingInput): string {
  const payload: TTrackingPayload = {
    utm: { ...input.utm },
    deviceType: input.deviceType,
    app: 'web',
    appVersion: input.appVersion,
    experiments: { ...(input.experiments ?? {}) },
  };
  return encodeBase64Utf8(JSON.stringify(payload));
}

/** Reads an x-tracking header back (server side, or tests); null when malformed. */
export function decodeTrackingHeader(value: string): TTrackingPayload | null {
  try {
    const parsed: unknown = JSON.parse(decodeBase64Utf8(value));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const record = parsed as Partial<TTrackingPayload>;
    if (record.app !== 'web' || typeof record.appVersion !== 'string') return null;
    return {
      utm: isStringRecord(record.utm) ? record.utm : {},
      deviceType: typeof record.deviceType === 'string' ? record.deviceType : 'desktop',
      app: 'web',
      appVersion: record.appVersion,
      experiments: isStringRecord(record.experiments) ? record.experiments : {},
    };
  } catch {
    return null;
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}
