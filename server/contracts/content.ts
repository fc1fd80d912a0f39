/** Content-managed screens (spec §3: loaded by component name with sections), shared by server and renderer. */
import { z } from 'zod';

export const ZContentSection = z.object({
  heading: z.string().optional(),
  body: z.string(),
  cta: z.object({ label: z.string(), href: z.string() }).optional(),
});
export type TContentSection = z.infer<typeof ZContentSection>;

export const ZContent = z.object({
  section: z.string(),
  componentName: z.string(),
  title: z.string(),
  sections: z.array(ZContentSection),
  updatedAt: z.string(),
});
export type TContent = z.infer<typeof ZContent>;
