// API modules depend on each other in one direction only: the imports between modules (folders under
// src/modules, test files aside) form no cycle, so each module can be read and changed from the bottom up.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../modules');

/** Every relative import, export-from and dynamic import of a source text. */
function importedPaths(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g))
    found.push(match[1]!);
  return found;
}

/** The module each module's non-test files import, by module name. */
export function moduleGraph(modulesDir: string = MODULES): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const module of readdirSync(modulesDir, { withFileTypes: true })) {
    if (!module.isDirectory()) continue;
    const edges = new Set<string>();
    graph.set(module.name, edges);
    const files = readdirSync(path.join(modulesDir, module.name), {
      recursive: true,
      encoding: 'utf8',
    });
    for (const file of files) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const full = path.join(modulesDir, module.name, file);
      for (const imported of importedPaths(readFileSync(full, 'utf8'))) {
        const target = path.relative(modulesDir, path.resolve(path.dirname(full), imported));
        const [other] = target.split(path.sep);
        if (other && other !== module.name && !target.startsWith('..')) edges.add(other);
      }
    }
  }
  return graph;
}

/** The cycles of a graph, as paths: for each group of modules that reach each other, the shortest through each. */
export function moduleCycles(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  for (const start of [...graph.keys()].sort()) {
    if (done.has(start)) continue;
    // The modules start reaches and that reach start back form its group (Tarjan would do it in one pass).
    const reach = (from: string, edges: (m: string) => Iterable<string>) => {
      const seen = new Set([from]);
      const queue = [from];
      while (queue.length)
        for (const next of edges(queue.shift()!))
          if (!seen.has(next) && seen.add(next)) queue.push(next);
      return seen;
    };
    const forward = reach(start, (m) => graph.get(m) ?? []);
    const backward = reach(start, (m) => [...graph.keys()].filter((k) => graph.get(k)?.has(m)));
    const group = [...forward].filter((m) => backward.has(m));
    for (const m of group) done.add(m);
    if (group.length < 2) continue;
    // One shortest cycle through each module of the group, so every pair to untangle shows.
    const seen = new Set<string>();
    for (const m of group.sort()) {
      const cycle = shortestCycle(graph, m, new Set(group));
      const key = [...cycle.slice(1)].sort().join();
      if (!seen.has(key)) cycles.push(cycle);
      seen.add(key);
    }
  }
  return cycles;
}

/** The shortest path from start back to start inside the group, as the module names along it. */
function shortestCycle(
  graph: Map<string, Set<string>>,
  start: string,
  group: Set<string>,
): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const at = queue.shift()!;
    for (const next of [...(graph.get(at) ?? [])].sort()) {
      if (!group.has(next)) continue;
      if (next === start) {
        const cycle = [at];
        while (cycle[0] !== start) cycle.unshift(previous.get(cycle[0]!)!);
        return [...cycle, start];
      }
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return [start];
}

describe('module cycles', () => {
  it('finds a cycle in a graph that has one, and none in a graph in one direction', () => {
    const graph = (edges: Record<string, string[]>) =>
      new Map(Object.entries(edges).map(([m, to]) => [m, new Set(to)]));
    expect(moduleCycles(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([
      ['a', 'b', 'c', 'a'],
    ]);
    expect(moduleCycles(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('reads the imports between the API modules', () => {
    const graph = moduleGraph();
    expect(graph.get('unlocks')).toContain('credits');
    expect(graph.get('account')).toContain('members');
  });

  it('has no cycle between the API modules', () => {
    const cycles = moduleCycles(moduleGraph()).map((cycle) => cycle.join(' -> '));
    expect(cycles, `modules importing each other in a cycle:\n${cycles.join('\n')}`).toEqual([]);
  });
});
