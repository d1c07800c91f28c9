import { defineConfig } from 'vitest/config';

// JS tests run in Node against the real wasm module (handed its bytes via wasmBinary).
export default defineConfig({
  test: {
    include: ['tests/js/**/*.test.js'],
    environment: 'node',
  },
});
