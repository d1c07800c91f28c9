// Takes screenshots of the built page for a person to look at:
//   node scripts/screenshot.mjs [query] [width] [out.png]
import { serveStatic, launchBrowser, openPage } from '../tests/e2e/support.mjs';

const [query = '', width = '1280', out = 'screenshot.png'] = process.argv.slice(2);
const server = await serveStatic();
const context = await launchBrowser({ viewport: { width: Number(width), height: 900 } });
const { page, errors } = await openPage(context, server.url + query);
await page.screenshot({ path: out, fullPage: true });
console.log(`wrote ${out}${errors.length ? `; page errors: ${errors.join(' | ')}` : ''}`);
await context.close();
await server.close();
