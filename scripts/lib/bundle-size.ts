/**
 * What a route costs before first paint, read from Vite's build manifest: the entry chunk, the
 * chunks it imports statically (transitively), and the route's screen chunk with its static
 * imports; their CSS; and the largest lazy chunk. Sizes are gzip (zlib's default level, as Vite
 * reports them).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface TManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type TManifest = Record<string, TManifestChunk>;

export interface TRouteCost {
  route: string;
  jsGzip: number;
  cssGzip: number;
  files: string[];
}

export interface TBundleReport {
  routes: TRouteCost[];
  largestLazy: { file: string; gzip: number };
}

/** The screens of the measured routes, as Vite names their sources (relative to renderer/). */
export const MEASURED_ROUTES: Readonly<Record<string, string>> = {
  '/': 'features/home/landing-screen.tsx',
  '/home/': 'features/home/home-screen.tsx',
};

export function readManifest(distDir: string): TManifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as TManifest;
}

function staticClosure(manifest: TManifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Not in the build manifest: ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

export function measureBundle(distDir: string, routes = MEASURED_ROUTES): TBundleReport {
  const manifest = readManifest(distDir);
  const gzipCache = new Map<string, number>();
  const gzip = (file: string): number => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(distDir, file))).length;
      gzipCache.set(file, size);
    }
    return size;
  };
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('The build manifest has no entry chunk');

  const costs = Object.entries(routes).map(([route, screen]): TRouteCost => {
    const keys = staticClosure(manifest, [entry, screen]);
    const js = [...keys].map((key) => manifest[key]!.file);
    const css = [...new Set([...keys].flatMap((key) => manifest[key]!.css ?? []))];
    return {
      route,
      jsGzip: js.reduce((sum, file) => sum + gzip(file), 0),
      cssGzip: css.reduce((sum, file) => sum + gzip(file), 0),
      files: [...js, ...css],
    };
  });

  const initial = staticClosure(manifest, [entry]);
  const lazy = Object.entries(manifest)
    .filter(([key, chunk]) => !initial.has(key) && chunk.file.endsWith('.js'))
    .map(([, chunk]) => ({ file: chunk.file, gzip: gzip(chunk.file) }))
    .sort((a, b) => b.gzip - a.gzip);
  return { routes: costs, largestLazy: lazy[0] ?? { file: '-', gzip: 0 } };
}

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
