// Loads the real wasm modules for Node tests by handing the factory the .wasm bytes.
// The page's core comes in parts (wasm/CMakeLists.txt): 'core' (every view), 'encoder', 'space'
// and 'train'; a test loads the part the page would use for what it tests.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startCore } from '../../web/src/core/attention-core.js';

// (under vitest's jsdom environment import.meta.url names the file from the repository root, not
// the disk's: the path is then taken from the directory vitest runs in, the repository's)
const wasmPath = (name) => {
  const url = new URL(`../../web/src/wasm/${name}.wasm`, import.meta.url);
  return existsSync(url) ? url : resolve(process.cwd(), `web/src/wasm/${name}.wasm`);
};

async function loadModule(name) {
  const { default: factory } = await import(`../../web/src/wasm/${name}.js`);
  return startCore(factory, { wasmBinary: readFileSync(wasmPath(name)) });
}

/** @param {'core'|'encoder'|'space'|'train'} [part] */
export const loadCore = (part = 'core') => loadModule(`attention_${part}`);

/** Every part in one module, without SIMD (the benchmarks' comparison). */
export const loadScalarCore = () => loadModule('attention_core_scalar');
