// The structure rules of issue 33, read from the import statements of every file in web/src:
// (a) no import cycle anywhere; (b) core/ never imports from components/ or views/ (the core's
// JS side is used by workers and benchmarks, which have no page to draw on).
import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/src');
// `import ... from '...'`, `export ... from '...'`, `import '...'` and `import('...')`
const IMPORT = /(?:\bimport\s*(?:[\w*{}\s,$]+\s*from\s*)?|\bexport\s*[\w*{}\s,$]+\s*from\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/g;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'wasm' ? [] : sourceFiles(path); // wasm/: build outputs
    return /\.m?js$/.test(entry.name) ? [path] : [];
  });
}

/** file (relative to web/src) → the files of web/src it imports. */
function importGraph(files = sourceFiles(SRC)) {
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const targets = [...text.matchAll(IMPORT)].map((m) => m[1]).filter((spec) => spec.startsWith('.'))
      .map((spec) => relative(SRC, resolve(dirname(file), spec)));
    graph.set(relative(SRC, file), targets);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as its files in order (the first repeated at the end). */
function cyclesOf(graph) {
  const cycles = [];
  const state = new Map(); // file → 'open' while on the walk's path, 'done' after
  const path = [];
  const visit = (file) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('structure of web/src', () => {
  const graph = importGraph();

  it('reads the imports of the page (sanity check of the parser)', () => {
    expect(graph.get('main.js')).toContain('state.js');
    expect(graph.size).toBeGreaterThan(50);
  });

  it('has no import cycle', () => {
    const named = cyclesOf(graph).map((cycle) => cycle.join(' → '));
    expect(named, `import cycles:\n${named.join('\n')}`).toEqual([]);
  });

  it('keeps core/ free of imports from components/ and views/', () => {
    const wrong = [...graph].flatMap(([file, targets]) => (file.startsWith('core/')
      ? targets.filter((t) => /^(components|views)\//.test(t)).map((t) => `${file} imports ${t}`)
      : []));
    expect(wrong).toEqual([]);
  });

  it('finds a cycle and names it (the checker itself)', () => {
    const toy = new Map([['a.js', ['b.js']], ['b.js', ['c.js']], ['c.js', ['a.js']], ['d.js', ['a.js']]]);
    expect(cyclesOf(toy).map((c) => c.join(' → '))).toEqual(['a.js → b.js → c.js → a.js']);
  });
});
