import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

// The import graph of a source tree, read from the files' text: every `import … from "./x.ts"`,
// `import type`, `export … from` and dynamic `import("./x.ts")` with a relative path is an edge
// (a type-only import is a design dependency too: the cycle it closes is the one the next
// change turns into a runtime cycle).

const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Every .ts file under `dir` with the files it imports, paths relative to `root`. */
export function importGraph(root: string, dir: string): ImportGraph {
  const graph = new Map<string, string[]>();
  const walk = (abs: string) => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const path = join(abs, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) {
        const text = readFileSync(path, "utf8");
        const targets = [...text.matchAll(SPECIFIER)].map((m) =>
          relative(root, normalize(join(dirname(path), m[1] ?? ""))),
        );
        graph.set(relative(root, path), [...new Set(targets)]);
      }
    }
  };
  walk(join(root, dir));
  return graph;
}

/** The import cycles: strongly connected components of more than one file, or a self-import. */
export function importCycles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative over files in sorted order so the report is stable.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      for (;;) {
        const top = stack.pop();
        if (top === undefined) break;
        onStack.delete(top);
        component.push(top);
        if (top === file) break;
      }
      const selfImport = (graph.get(file) ?? []).includes(file);
      if (component.length > 1 || selfImport) cycles.push(component.sort());
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return cycles;
}

/** Edges from files under `from` to files under `to` ("a/b.ts imports c/d.ts"). */
export function importsBetween(graph: ImportGraph, from: string, to: string): string[] {
  const edges: string[] = [];
  for (const [file, targets] of graph) {
    if (!file.startsWith(from)) continue;
    for (const target of targets)
      if (target.startsWith(to)) edges.push(`${file} imports ${target}`);
  }
  return edges.sort();
}
