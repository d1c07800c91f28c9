// Takes a screenshot of the built page (dist/) for a person to look at:
//   node scripts/screenshot.mjs [query] [width] [out.png] [css selector]
// With a selector, only that element is captured; otherwise the full page.
import { serveStatic, launchBrowser, openPage, drawAllHeatmaps } from '../tests/e2e/support.mjs';

const [query = '', width = '1280', out = 'screenshot.png', selector] = process.argv.slice(2);
const server = await serveStatic();
const context = await launchBrowser({ viewport: { width: Number(width), height: 900 } });
const { page, errors } = await openPage(context, server.url + query);
// Maps below the fold draw when they scroll into view: bring each in and wait for it first.
await drawAllHeatmaps(page);
if (selector) await page.locator(selector).first().screenshot({ path: out });
else await page.screenshot({ path: out, fullPage: true });
console.log(`wrote ${out}${errors.length ? `; page errors: ${errors.join(' | ')}` : ''}`);
await context.close();
await server.close();
