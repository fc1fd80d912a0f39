/**
 * The renderer imports Mantine's styles per component (renderer/app/mantine-styles.ts). This finds
 * the Mantine components the build really contains (their `*.module.css.mjs` class maps, named in
 * the source maps) whose stylesheet that list lacks: such a component would show unstyled.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './database-server';

export function missingMantineStyles(distDir: string): string[] {
  const assets = path.join(distDir, 'assets');
  const used = new Set<string>();
  for (const file of readdirSync(assets)) {
    if (!file.endsWith('.js.map')) continue;
    const { sources } = JSON.parse(readFileSync(path.join(assets, file), 'utf8')) as { sources: string[] };
    for (const source of sources) {
      const match = /@mantine\/core\/esm\/.*\/([A-Za-z]+)\.module\.css\.mjs$/.exec(source);
      if (match) used.add(match[1]!);
    }
  }
  const listed = readFileSync(path.join(PROJECT_ROOT, 'renderer', 'app', 'mantine-styles.ts'), 'utf8');
  return [...used]
    .filter((name) => existsSync(path.join(PROJECT_ROOT, 'node_modules', '@mantine', 'core', 'styles', `${name}.css`)))
    .filter((name) => !listed.includes(`@mantine/core/styles/${name}.css'`))
    .sort();
}
