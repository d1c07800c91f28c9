import { describe, it, expect, vi, afterEach } from 'vitest';

// A fresh copy of the module per test: it remembers which keys it has started, page-wide.
async function freshModule() {
  vi.resetModules();
  return import('../../web/src/core/compile-ahead.js');
}

describe('compileAhead', () => {
  afterEach(() => {
    delete globalThis.requestIdleCallback;
  });

  it('runs the call once per key, in an idle callback, and never again', async () => {
    const idle = [];
    globalThis.requestIdleCallback = (callback) => idle.push(callback);
    const { compileAhead } = await freshModule();
    const call = vi.fn();
    compileAhead('bankExperiment', call);
    compileAhead('bankExperiment', call);
    expect(call).not.toHaveBeenCalled(); // not before the browser is idle
    expect(idle).toHaveLength(1);
    idle[0]();
    expect(call).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    compileAhead('workbench', other);
    idle[1]();
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('ignores the call\'s error: the real call reports its own', async () => {
    let idle = null;
    globalThis.requestIdleCallback = (callback) => { idle = callback; };
    const { compileAhead } = await freshModule();
    compileAhead('bankExperiment', () => { throw new Error('no vectors'); });
    expect(() => idle()).not.toThrow();
  });

  it('does nothing where the browser has no idle callbacks', async () => {
    const { compileAhead } = await freshModule();
    const call = vi.fn();
    compileAhead('bankExperiment', call);
    expect(call).not.toHaveBeenCalled();
  });
});
