/** Page sizes (zod-free, for the renderer; paging.ts re-exports them with its schemas). */
export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;
