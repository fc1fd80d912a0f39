/**
 * The only IPC channels between the desktop renderer and the main process: one preload method per
 * channel, each argument validated with zod in the main process, each channel answered only for the
 * windows listed (support windows cannot open or switch to other identities: only the staff
 * member's own main window can).
 */
import { z } from 'zod';

export const IPC_CHANNELS = [
  'app:get-version',
  'shell:open-external',
  'identity:open-window',
  'identity:list-windows',
  'identity:focus-window',
] as const;
export type TIpcChannel = (typeof IPC_CHANNELS)[number];

/** The staff member's main window, or a support window acting as one member. */
export type TWindowKind = 'staff' | 'identity';

const ZUserId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
// Control characters have no place in a window title (they are what the pattern refuses).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const ZLabel = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((value) => !CONTROL.test(value));

export const IPC_ARGUMENTS = {
  'app:get-version': z.tuple([]),
  // As windowOpenDecision: web links only, never with a user name or password in them.
  'shell:open-external': z.tuple([
    z.url({ protocol: /^https?$/ }).refine((value) => {
      const url = new URL(value);
      return !url.username && !url.password;
    }),
  ]),
  'identity:open-window': z.tuple([z.object({ userId: ZUserId, label: ZLabel }).strict()]),
  'identity:list-windows': z.tuple([]),
  'identity:focus-window': z.tuple([z.number().int().positive()]),
} as const satisfies Record<TIpcChannel, z.ZodType>;

export const IPC_ALLOWED_FROM = {
  'app:get-version': ['staff', 'identity'],
  'shell:open-external': ['staff', 'identity'],
  'identity:open-window': ['staff'],
  'identity:list-windows': ['staff'],
  'identity:focus-window': ['staff'],
} as const satisfies Record<TIpcChannel, readonly TWindowKind[]>;
