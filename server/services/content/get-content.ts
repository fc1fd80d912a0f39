import { SHOP_CACHE_TTL_MS } from '../../contracts/constants';
import { ZContentSection, type TContent } from '../../contracts/content';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';

/** A content-managed screen by section (default 'screens') and component name; cached 5 minutes. */
export async function getContent(
  deps: Pick<TAppDeps, 'db' | 'cache'>,
  input: { section: string; componentName: string },
): Promise<TContent> {
  const key = `content:${input.section}:${input.componentName}`;
  const content = await deps.cache.getOrLoad(key, SHOP_CACHE_TTL_MS, async (): Promise<TContent | null> => {
    const found = await deps.db.contentBlock.findUnique({
      where: { section_componentName: { section: input.section, componentName: input.componentName } },
    });
    if (!found) return null;
    // Stored JSON is checked like any input: a malformed section is dropped, not served.
    const body = JSON.parse(found.body) as { sections?: unknown[] };
    const sections = (Array.isArray(body.sections) ? body.sections : []).flatMap((section) => {
      const parsed = ZContentSection.safeParse(section);
      return parsed.success ? [parsed.data] : [];
    });
    return {
      section: found.section,
      componentName: found.componentName,
      title: found.title,
      sections,
      updatedAt: found.updatedAt.toISOString(),
    };
  });
  if (!content) throw new AppError('NOT_FOUND', { message: 'No such content' });
  return content;
}
