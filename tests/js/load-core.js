// Loads the real wasm modules for Node tests by handing the factory the .wasm bytes.
import { readFileSync } from 'node:fs';
import { loadAttentionCore, AttentionCore } from '../../web/src/core/attention-core.js';
import createScalarModule from '../../web/src/wasm/attention_core_scalar.js';

const wasmPath = (name) => new URL(`../../web/src/wasm/${name}.wasm`, import.meta.url);

export function loadCore() {
  return loadAttentionCore({ wasmBinary: readFileSync(wasmPath('attention_core')) });
}

export async function loadScalarCore() {
  return new AttentionCore(await createScalarModule({ wasmBinary: readFileSync(wasmPath('attention_core_scalar')) }));
}
