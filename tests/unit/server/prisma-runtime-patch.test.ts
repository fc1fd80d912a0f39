/**
 * The production bundle's copy of Prisma's runtime (scripts/lib/prisma-runtime-patch.ts) keeps the
 * parameter graph's edges in Maps: it must answer every lookup of our schema's graph exactly as the
 * installed runtime does, and the build must refuse a runtime the patch does not fit.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../scripts/lib/database-server';
import { patchPrismaRuntime, prismaRuntimePath } from '../../../scripts/lib/prisma-runtime-patch';

interface TGraph {
  root(name: string): { argsNodeId?: number; outputNodeId?: number } | undefined;
  inputNode(id: number | undefined): { id: number } | undefined;
  outputNode(id: number | undefined): { id: number } | undefined;
  inputEdge(node: { id: number } | undefined, name: string): object | undefined;
  outputEdge(node: { id: number } | undefined, name: string): object | undefined;
}
interface TGraphClass {
  deserialize(schema: { strings: string[]; graph: string }, enumValues: (name: string) => unknown): TGraph;
}

const original = readFileSync(prismaRuntimePath(), 'utf8');

/** Our schema's graph, as the generated client hands it to the runtime. */
function parameterizationSchema(): { strings: string[]; graph: string } {
  const source = readFileSync(path.join(PROJECT_ROOT, 'server', 'generated', 'prisma', 'internal', 'class.ts'), 'utf8');
  const found =
    /config\.parameterizationSchema = \{\s*strings: JSON\.parse\(("(?:[^"\\]|\\.)*")\),\s*graph: "([^"]*)"/.exec(
      source,
    );
  if (!found) throw new Error('the generated client no longer holds parameterizationSchema as expected');
  return { strings: JSON.parse(JSON.parse(found[1]!) as string) as string[], graph: found[2]! };
}

// Inside node_modules, so the copies' own requires (@prisma/client-runtime-utils) resolve as the original's.
const COPIES = path.join(PROJECT_ROOT, 'node_modules', '.cache', `gifting-prisma-runtime-patch-${process.pid}`);
afterAll(() => rmSync(COPIES, { recursive: true, force: true }));

/** The runtime's graph class, exported from a copy of the given (CommonJS) source: it is internal. */
async function graphClass(source: string, name: string): Promise<TGraphClass> {
  const className = /var (\w+)=class \w+\{#e;#t;#r;constructor\(t,r\)\{this\.#e=t,this\.#r=r,this\.#t=new Map/.exec(
    source,
  )?.[1];
  if (!className) throw new Error("the parameter graph's class was not found in Prisma's runtime");
  mkdirSync(COPIES, { recursive: true });
  const file = path.join(COPIES, `${name}.cjs`);
  writeFileSync(file, `${source}\nmodule.exports.ParamGraph = ${className};\n`);
  return ((await import(pathToFileURL(file).href)) as { default: { ParamGraph: TGraphClass } }).default.ParamGraph;
}

/** Every edge of every node reachable from the roots, with what each lookup answers. */
function everyEdge(graph: TGraph, strings: readonly string[]): Map<string, string> {
  const edges = new Map<string, string>();
  const seenInputs = new Set<number>();
  const seenOutputs = new Set<number>();
  const inputs: number[] = [];
  const outputs: number[] = [];
  const queue = (input: number | undefined, output: number | undefined) => {
    if (input !== undefined && !seenInputs.has(input)) {
      seenInputs.add(input);
      inputs.push(input);
    }
    if (output !== undefined && !seenOutputs.has(output)) {
      seenOutputs.add(output);
      outputs.push(output);
    }
  };
  for (const name of strings) {
    const root = graph.root(name);
    if (root) queue(root.argsNodeId, root.outputNodeId);
  }
  while (inputs.length || outputs.length) {
    const input = inputs.pop();
    if (input !== undefined) {
      for (const name of strings) {
        const edge = graph.inputEdge(graph.inputNode(input), name) as { childNodeId?: number } | undefined;
        if (!edge) continue;
        edges.set(`in ${input} ${name}`, JSON.stringify(edge));
        queue(edge.childNodeId, undefined);
      }
    }
    const output = outputs.pop();
    if (output !== undefined) {
      for (const name of strings) {
        const edge = graph.outputEdge(graph.outputNode(output), name) as
          { argsNodeId?: number; outputNodeId?: number } | undefined;
        if (!edge) continue;
        edges.set(`out ${output} ${name}`, JSON.stringify(edge));
        queue(edge.argsNodeId, edge.outputNodeId);
      }
    }
  }
  return edges;
}

describe("Prisma's runtime, patched for the production bundle", () => {
  it("answers every lookup of our schema's parameter graph as the installed runtime does", async () => {
    const schema = parameterizationSchema();
    const noEnums = () => undefined;
    const before = everyEdge((await graphClass(original, 'original')).deserialize(schema, noEnums), schema.strings);
    const after = everyEdge(
      (await graphClass(patchPrismaRuntime(original), 'patched')).deserialize(schema, noEnums),
      schema.strings,
    );
    // The walk reaches the whole schema: thousands of edges, input and output alike.
    expect(before.size).toBeGreaterThan(5000);
    expect([...before.keys()].some((key) => key.startsWith('out '))).toBe(true);
    expect(after).toEqual(before);
  }, 60_000);

  it('changes only how edges are stored and read', () => {
    const patched = patchPrismaRuntime(original);
    expect(patched).not.toBe(original);
    expect(patched.match(/edges\.get\(/g)).toHaveLength(2);
    expect(patched.match(/o=new Map;for\(let s=0;s<i;s\+\+\)/g)).toHaveLength(2);
    expect(patched.length - original.length).toBeLessThan(100);
  });

  it('refuses a runtime it does not fit, so an upgrade cannot drop or half-apply it', () => {
    expect(() => patchPrismaRuntime(original.replace('o[a]=S}r.push({edges:o})', 'o[a]=S;}r.push({edges:o})'))).toThrow(
      /input nodes built with Map edges.*found 0/,
    );
    // A new reader of the edges, however it reads them, would find a Map.
    expect(() => patchPrismaRuntime(`${original}\nObject.keys(n.edges);`)).toThrow(/edges 5 times, not 4/);
    expect(() => patchPrismaRuntime(original.replace('let o=n.edges[i];', 'let o=n.edges[i]??void 0;'))).toThrow(
      /edge lookups read the Map.*found 1/,
    );
  });
});
