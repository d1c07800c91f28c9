import { defineConfig } from 'vitest/config';

// JS tests run in Node against the real wasm module (handed its bytes via wasmBinary).
export default defineConfig({
  test: {
    include: ['tests/js/**/*.test.js'],
    environment: 'node',
    // A timeout only ends a test that is stuck: the default 5 s failed a 2,048-token workbench on a
    // 2-core machine shared with heavy builds (load 20). Tests never assert wall time.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
