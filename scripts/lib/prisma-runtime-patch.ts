/**
 * Prisma's runtime, with its parameter graph held in Maps, for the production bundle
 * (scripts/lib/server-build.ts).
 *
 * Why: Prisma 7's client deserializes the schema's parameterization graph at start and keeps it for
 * the life of the process. Each of its ~3,300 input nodes keeps its edges in a plain object keyed by
 * the index of a field name in the graph's string table (`edges[1712] = …`). V8 stores such integer
 * keys as array elements, sized up to the largest key: about 14 KB of mostly holes per node. A heap
 * snapshot of the server under load (issue 28) counted 16 MB of them, 22 % of the 74 MB that stay
 * live, so every full collection marked them and the old generation's limit (a factor of the live
 * size) sat that much higher. As Maps, the same edges take about 0.5 MB.
 *
 * The patch is exact: the runtime must mention `edges` exactly where the patch expects (two builds,
 * two lookups) and each replaced piece must occur as often as expected, or the build fails naming
 * this file, so an upgrade of Prisma cannot silently drop it, half-apply it or miss a new reader.
 * Behaviour is unchanged: the graph answers the same lookups (tests/unit/server/prisma-runtime-patch.test.ts
 * compares every edge of our schema's graph before and after).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PROJECT_ROOT } from './database-server';

/**
 * The file Node loads for the generated client's `import … from '@prisma/client/runtime/client'`:
 * @prisma/client's exports send the `node` condition to the CommonJS build (runtime/client.js), for
 * an ES module's import as for require, so the copy is of that build: production runs the same
 * runtime as development and the tests, only patched.
 */
export function prismaRuntimePath(): string {
  return createRequire(path.join(PROJECT_ROOT, 'package.json')).resolve('@prisma/client/runtime/client');
}

/** Where the runtime mentions `edges`: the two node builds and the two lookups, nowhere else. */
const EDGES_MENTIONS = 4;

interface TReplacement {
  what: string;
  from: string;
  to: string;
  count: number;
}

/** The edges of input and output nodes built into a Map, and the two lookups of an edge by key. */
const REPLACEMENTS: readonly TReplacement[] = [
  {
    what: 'input nodes built with Map edges',
    from: 'o={};for(let s=0;s<i;s++){let a=this.#i(),u=this.#a(),m=this.#o(),P=this.#o(),S={flags:this.#s()};u!==0&&(S.scalarMask=u),m!==void 0&&(S.childNodeId=m),P!==void 0&&(S.enumNameIndex=P),o[a]=S}r.push({edges:o})',
    to: 'o=new Map;for(let s=0;s<i;s++){let a=this.#i(),u=this.#a(),m=this.#o(),P=this.#o(),S={flags:this.#s()};u!==0&&(S.scalarMask=u),m!==void 0&&(S.childNodeId=m),P!==void 0&&(S.enumNameIndex=P),o.set(a,S)}r.push({edges:o})',
    count: 1,
  },
  {
    what: 'output nodes built with Map edges',
    from: 'o={};for(let s=0;s<i;s++){let a=this.#i(),u=this.#o(),m=this.#o(),P={};u!==void 0&&(P.argsNodeId=u),m!==void 0&&(P.outputNodeId=m),o[a]=P}r.push({edges:o})',
    to: 'o=new Map;for(let s=0;s<i;s++){let a=this.#i(),u=this.#o(),m=this.#o(),P={};u!==void 0&&(P.argsNodeId=u),m!==void 0&&(P.outputNodeId=m),o.set(a,P)}r.push({edges:o})',
    count: 1,
  },
  {
    what: 'edge lookups read the Map',
    from: 'let o=n.edges[i];',
    to: 'let o=n.edges.get(i);',
    count: 2,
  },
];

/** The runtime's source with the replacements made; throws when the source is not the one they fit. */
export function patchPrismaRuntime(source: string): string {
  const mentions = source.match(/\bedges\b/g)?.length ?? 0;
  if (mentions !== EDGES_MENTIONS) {
    throw new Error(
      `Prisma's runtime changed: it mentions the parameter graph's edges ${mentions} times, not ${EDGES_MENTIONS}. ` +
        'Review scripts/lib/prisma-runtime-patch.ts for this version of @prisma/client (a new reader of the ' +
        'edges would find a Map) and update or remove the patch.',
    );
  }
  let patched = source;
  for (const replacement of REPLACEMENTS) {
    const found = patched.split(replacement.from).length - 1;
    if (found !== replacement.count) {
      throw new Error(
        `Prisma's runtime changed: "${replacement.what}" expects ${replacement.count} match(es) and found ${found}. ` +
          'Review scripts/lib/prisma-runtime-patch.ts for this version of @prisma/client (is the graph still ' +
          'stored as sparse objects?) and update or remove the patch.',
      );
    }
    patched = patched.split(replacement.from).join(replacement.to);
  }
  return patched;
}

export function patchedPrismaRuntime(): string {
  return patchPrismaRuntime(readFileSync(prismaRuntimePath(), 'utf8'));
}
