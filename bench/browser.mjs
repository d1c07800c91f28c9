// One way to start Debian's headless Chromium for the benchmarks (playwright-core): a throw-away
// profile, no GPU, nothing that talks to the network by itself. Used by bench/space.mjs (and free
// for the others, which still carry their own copy of these lines).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Resolves to {context, close}: a persistent context in a fresh profile, deleted by close(). */
export async function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'aw-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS,
  });
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}
