/**
 * The only IPC channels between the desktop renderer and the main process: one preload method per
 * channel, each argument validated with zod in the main process.
 */
import { z } from 'zod';

export const IPC_CHANNELS = ['app:get-version', 'shell:open-external'] as const;
export type TIpcChannel = (typeof IPC_CHANNELS)[number];

export const IPC_ARGUMENTS = {
  'app:get-version': z.tuple([]),
  'shell:open-external': z.tuple([z.url({ protocol: /^https?$/ })]),
} as const satisfies Record<TIpcChannel, z.ZodType>;
