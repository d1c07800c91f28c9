// The structure rules of issue 33, read from the import statements of every file in web/src:
// (a) no import cycle anywhere; (b) core/ never imports from components/ or views/ (the core's
// JS side is used by workers and benchmarks, which have no page to draw on), and components/
// never from views/; (c) each chapter is a folder of views/ with a descriptor of plain data and a
// view, listed once in views/chapters.js, and no chapter imports another's files; (d) nothing
// watches the DOM (no MutationObserver): the page says when it drew (main.js afterDraw).
import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHAPTERS, FIGURES } from '../../web/src/views/chapters.js';

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

  it('keeps components/ free of imports from views/', () => {
    const wrong = [...graph].flatMap(([file, targets]) => (file.startsWith('components/')
      ? targets.filter((t) => t.startsWith('views/')).map((t) => `${file} imports ${t}`)
      : []));
    expect(wrong).toEqual([]);
  });

  it('has one folder per chapter, each listed once in views/chapters.js, none importing another', () => {
    const folders = readdirSync(join(SRC, 'views'), { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'shared').map((e) => e.name).sort();
    expect(CHAPTERS.map((c) => c.id).sort()).toEqual(folders);
    expect(CHAPTERS.map((c) => c.chapter)).toEqual(CHAPTERS.map((_, i) => i + 1));
    const crossing = [...graph].flatMap(([file, targets]) => {
      const own = /^views\/([^/]+)\//.exec(file)?.[1];
      if (!own || own === 'shared') return [];
      return targets.filter((t) => /^views\/[^/]+\//.test(t) && !t.startsWith(`views/${own}/`) && !t.startsWith('views/shared/'))
        .map((t) => `${file} imports ${t}`);
    });
    expect(crossing).toEqual([]);
  });

  it('keeps descriptors plain data: a chapter.js imports only the URL parsers and limits', () => {
    const allowed = new Set(['params.js', 'limits.js']);
    const wrong = CHAPTERS.flatMap(({ id }) => graph.get(`views/${id}/chapter.js`)
      .filter((t) => !allowed.has(t)).map((t) => `views/${id}/chapter.js imports ${t}`));
    expect(wrong).toEqual([]);
  });

  it('gives every chapter a view that exports view.mount, and every figure a chapter', () => {
    for (const { id } of CHAPTERS) {
      const text = readFileSync(join(SRC, 'views', id, 'view.js'), 'utf8');
      expect(text, `views/${id}/view.js`).toMatch(/export const view = \{\n  mount\(/);
    }
    const ids = new Set(CHAPTERS.map((c) => c.id));
    for (const [name, figure] of Object.entries(FIGURES)) expect(ids.has(figure.view), name).toBe(true);
  });

  it('has no MutationObserver: what follows a drawing is called, not watched for', () => {
    const watching = sourceFiles(SRC).filter((file) => /new MutationObserver\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(watching).toEqual([]);
  });

  it('finds a cycle and names it (the checker itself)', () => {
    const toy = new Map([['a.js', ['b.js']], ['b.js', ['c.js']], ['c.js', ['a.js']], ['d.js', ['a.js']]]);
    expect(cyclesOf(toy).map((c) => c.join(' → '))).toEqual(['a.js → b.js → c.js → a.js']);
  });
});
