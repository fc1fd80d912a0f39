/**
 * Business constants and limits of spec §9, shared by server and renderer.
 * Imports nothing server-only.
 */
export const DEFAULT_LANGUAGE = 'en_US';
export const DEFAULT_MARKET = 'US';
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_LOCALE = 'en-US';

export const DEFAULT_EXCHANGE_BUDGET = { currency: 'USD', amount: 50 } as const;
export const DEFAULT_DELIVERY_TYPE = 'mail';

export const AUTH_REQUEST_TIMEOUT_MS = 30_000;
export const API_TIMEOUT_MS = 30_000;
/**
 * Calls one tRPC batch may hold (more answer 400): a page batches about six queries; the renderer's
 * batch link splits anything larger into several requests (renderer/trpc.ts, maxItems).
 */
export const TRPC_MAX_BATCH_CALLS = 20;
export const REDIRECT_WAIT_MS = 30_000;

export const UTM_COOKIE_KEY = 'vueUtm';
export const UTM_COOKIE_MAX_AGE_MS = 604_800_000; // 7 days
export const PIXEL_RATIO_COOKIE_KEY = 'pixelRatio';
export const PIXEL_RATIO_COOKIE_MAX_AGE_DAYS = 365;

export const IDENTITY_STORAGE_KEY = 'identity';
export const IDENTITY_STORAGE_VERSION = 7;

/** Token timestamps are in seconds; the client multiplies them by 1000. */
export const TOKEN_TIMESTAMP_MULTIPLIER = 1000;

export const SMOOTH_SCROLL_MS = 468;
export const DEFAULT_ASYNC_COMPONENT_DELAY_MS = 200;
export const STORED_MOBILE_SESSION_DELAY_MS = 200;

export const LOG_FLUSH_INTERVAL_MIN_MS = 1_000;
export const LOG_FLUSH_INTERVAL_MAX_MS = 1_000_000;
export const LOG_FLUSH_INTERVAL_FACTOR = 10;

/** Server caches for menu, guides, markets and merchants. */
export const SHOP_CACHE_TTL_MS = 5 * 60_000;
/** Server cache for enumerations. */
export const ENUM_CACHE_TTL_MS = 60 * 60_000;

export const NAME_MIN = 2;
export const NAME_MAX = 50;
export const EMAIL_MAX = 50;
export const PASSWORD_MIN = 4;
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 2;
export const USERNAME_MAX = 50;

/** HTTP statuses the client knows (spec §8). */
export const HTTP_STATUS = {
  ok: 200,
  noContent: 204,
  movedPermanently: 301,
  found: 302,
  notModified: 304,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  gone: 410,
  tooManyRequests: 429,
  internalServerError: 500,
} as const;

/** Custom app scheme used by deep links (recognised and not navigated by the router). */
export const APP_SCHEME = 'elfgifts:';

/** Paging header: the name ends with -paging (spec §7). */
export const PAGING_HEADER = 'x-paging';
