/** Social limits the renderer shows (zod-free; social.ts re-exports them with its schemas). */
export const MESSAGE_BODY_MAX = 2000;
