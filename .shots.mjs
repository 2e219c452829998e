// node /work/notes/shots.mjs <base> <email> <path> <name> [width]
import { chromium } from 'playwright';
const [base, email, path, name, width = '1280'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const context = await browser.newContext({ viewport: { width: Number(width), height: 900 } });
const page = await context.newPage();
const r = await page.request.post(base + '/api/auth/sign-in/email', {
  data: { email, password: 'Understanding-demo-1' },
  headers: { origin: base },
});
if (!r.ok()) {
  console.error('sign-in', r.status(), await r.text());
  process.exit(1);
}
await page.goto(base + path);
await page.waitForLoadState('networkidle');
await page.waitForTimeout(1500);
await page.screenshot({ path: `/work/notes/shots/${name}-${width}.png`, fullPage: true });
console.log(page.url());
await browser.close();
