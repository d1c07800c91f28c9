// End-to-end: the page talks to no other origin and runs under its strict Content-Security-Policy,
// on every view and in embed mode. The policy is checked as sent (header and <meta>) and as
// enforced (securitypolicyviolation events and console errors are zero), with a control that
// shows the listener does catch a violation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  serveStatic, launchBrowser, openPage, recordRequests, foreignRequests, watchCsp, cspViolations, viewIds, DIST,
} from './support.mjs';
import { CSP } from '../../vite-plugins/csp.js';

let server;
let context;
let requests;

before(async () => {
  server = await serveStatic();
  context = await launchBrowser();
  requests = recordRequests(context);
  await watchCsp(context);
});
after(async () => {
  await context?.close();
  await server?.stop();
});

function scriptSrc(policy) {
  return policy.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';
}

function assertStrict(policy, where) {
  const src = scriptSrc(policy);
  assert.equal(src, "script-src 'self' 'wasm-unsafe-eval'", `${where}: ${policy}`);
  assert.doesNotMatch(policy, /'unsafe-eval'/, where);
}

test('the built HTML has no inline script and a strict policy in its <meta>', () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  assert.ok(scripts.length > 0);
  for (const [, attrs, body] of scripts) {
    assert.match(attrs, /\bsrc=/, 'every script is a file');
    assert.equal(body.trim(), '', 'no inline code');
  }
  assert.doesNotMatch(html, /\son[a-z]+=/i, 'no inline event handlers');
  const meta = html.match(/http-equiv="Content-Security-Policy"\s+content="([^"]+)"/);
  assert.ok(meta, 'the CSP <meta> is there');
  assertStrict(meta[1], 'meta');
  assert.equal(meta[1], CSP, 'the <meta> and the servers send the same policy (vite-plugins/csp.js)');
  // and no built script builds code from strings
  for (const file of readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js'))) {
    const js = readFileSync(join(DIST, 'assets', file), 'utf8');
    assert.doesNotMatch(js, /new Function\(|\beval\(/, file);
  }
});

test('the policy catches a violation (control for the tests below)', async () => {
  const { page } = await openPage(context, server.url);
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = 1';
    document.head.append(s);
  });
  await page.waitForFunction(() => window.__cspViolations.length > 0);
  assert.equal(await page.evaluate(() => window.__injected), undefined, 'the inline script did not run');
  assert.match((await cspViolations(page))[0], /script-src/);
  await page.close();
});

test('every view, plain and embedded: no request to another origin, no CSP violation, no error', async () => {
  const { page: first } = await openPage(context, server.url);
  const ids = await viewIds(first);
  await first.close();
  assert.ok(ids.length >= 1);
  for (const id of ids) {
    for (const query of [`?view=${id}`, `?view=${id}&embed=1`]) {
      const { page, errors } = await openPage(context, server.url + query);
      const header = await page.evaluate(() => fetch(location.href).then((r) => r.headers.get('content-security-policy')));
      assertStrict(header, `header of ${query}`);
      // use the page a little: hover and focus a cell, open an export menu if there is one
      const cell = await page.$('.heatmap .cell[role="button"]');
      if (cell) await cell.hover();
      await page.keyboard.press('Tab');
      assert.deepEqual(await cspViolations(page), [], query);
      assert.deepEqual(errors.filter((e) => /Content.Security.Policy|Refused/i.test(e)), [], query);
      assert.deepEqual(errors, [], query);
      await page.close();
    }
  }
  assert.ok(requests.length > 0, 'requests were recorded');
  assert.equal(foreignRequests([...requests, 'http://example.invalid/x'], [server.url]).length, 1, 'the filter sees another origin');
  assert.deepEqual(foreignRequests(requests, [server.url]), []);
});
