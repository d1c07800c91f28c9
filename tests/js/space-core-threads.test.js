// loadSpaceCore (web/src/core/space-core.js) chooses the threaded part of the core where the page
// may use threads and falls back to the one-thread part when that part does not start; the
// progress line must then say so, not blame the machine's cores. The two wasm parts are stood in
// for here (the real ones are started by tests/e2e/space-threads.test.mjs in Chromium).
import { describe, expect, it, vi } from 'vitest';

const threadedFactory = () => {};
let threadedStarts = true;
vi.mock('../../web/src/core/space-threads.js', () => ({
  threadedSpaceModule: async () => ({ factory: threadedFactory, options: {} }),
}));
vi.mock('../../web/src/core/attention-core.js', () => ({
  startCore: async (factory) => {
    if (factory === threadedFactory && !threadedStarts) throw new Error('shared memory refused');
    return { module: { setThreadCount: (n) => Math.min(4, n) }, threaded: factory === threadedFactory };
  },
}));
vi.mock('../../web/src/wasm/attention_space.js', () => ({ default: () => {} }));

const { loadSpaceCore } = await import('../../web/src/core/space-core.js');
const { threadsText } = await import('../../web/src/views/space/text.js');

describe('loadSpaceCore', () => {
  it('runs on threads where the threaded part starts', async () => {
    threadedStarts = true;
    const core = await loadSpaceCore({ threads: 2 });
    expect(core.threaded).toBe(true);
    expect([core.threads, core.threadsAllowed, core.threadsFailed]).toEqual([2, true, false]);
    expect(threadsText(core)).toBe('on 2 threads');
  });

  it('falls back to one thread, and says why, when the threaded part does not start', async () => {
    threadedStarts = false;
    const core = await loadSpaceCore({ threads: 2 });
    expect(core.threaded).toBe(false);
    expect([core.threads, core.threadsAllowed, core.threadsFailed]).toEqual([1, true, true]);
    expect(threadsText(core)).toMatch(/did not start the threaded part/);
    expect(threadsText(core)).not.toMatch(/core to give/);
  });

  it('asks for no threads when told one', async () => {
    threadedStarts = true;
    const core = await loadSpaceCore({ threads: 1 });
    expect([core.threaded, core.threads, core.threadsFailed]).toEqual([false, 1, false]);
  });
});
