/**
 * Screenshots of the web shell against a running site (built app + server).
 *
 *   npm run build -w apps/web
 *   cd apps/web && npx vite preview --port 4173     (proxies /api and /socket.io to :3000)
 *   node --import tsx apps/web/scripts/screenshots.ts [baseUrl] [outDir]
 *
 * Uses Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium). Optional ADMIN_EMAIL and
 * ADMIN_PASSWORD (the server's env) let it credit the new user to show a wallet update.
 */
import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const BASE = process.argv[2] ?? 'http://localhost:4173';
const OUT = process.argv[3] ?? '/tmp/shots';
const stamp = Date.now().toString(36).slice(-5);
const account = {
  username: `shot_${stamp}`,
  email: `shot_${stamp}@example.com`,
  password: 'correct-horse-9',
};

mkdirSync(OUT, { recursive: true });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage });
  console.log(`saved ${OUT}/${name}.png`);
}

async function newPage(browser: Browser, width: number, height: number): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({
    viewport: { width, height },
    isMobile: width < 600,
    hasTouch: width < 600,
  });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') console.log(`  [console ${width}px] ${msg.text()}`);
  });
  page.on('pageerror', (err) => console.log(`  [pageerror ${width}px] ${err.message}`));
  return [context, page];
}

async function ready(page: Page, path: string): Promise<void> {
  await page.goto(`${BASE}${path}`);
  await page.locator('header').first().waitFor({ timeout: 15_000 });
  await sleep(400);
}

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['x-auth-token'] = token;
  const res = await fetch(`${BASE}/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

async function sessionFor(email: string, password: string): Promise<string | null> {
  const login = await api<{ redirect?: string }>('/auth/registration/login', {
    email,
    password,
    recaptcha: null,
  });
  const code = login.redirect ? new URL(login.redirect, BASE).searchParams.get('token') : null;
  if (!code) return null;
  const exchanged = await api<{ token?: string }>('/auth/exchange-token', { token: code });
  return exchanged.token ?? null;
}

async function desktop(browser: Browser): Promise<void> {
  const [context, page] = await newPage(browser, 1440, 900);
  await page.goto(`${BASE}/home`, { waitUntil: 'commit' });
  await sleep(450);
  await shot(page, '00-loading');
  await ready(page, '/home');
  await shot(page, '01-home-signed-out');

  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await sleep(300);
  await shot(page, '02-signin-login');
  await page.getByRole('tab', { name: 'Registration' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Repeat Password').fill(account.password);
  await shot(page, '03-signin-register');
  await page.getByRole('button', { name: 'Play Now' }).click();
  await page.getByTestId('username').waitFor({ timeout: 15_000 });
  await sleep(1200);
  await shot(page, '04-home-signed-in');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await sleep(250);
  await shot(page, '05-user-menu');
  await page.getByRole('menuitem', { name: 'Public Profile' }).click();
  await page.getByText(`${account.username}'s Profile`).waitFor({ timeout: 10_000 });
  await sleep(300);
  await shot(page, '06-profile-dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Games' }).click();
  await sleep(250);
  await shot(page, '07-games-menu');
  await page.keyboard.press('Escape');

  const adminEmail = process.env.ADMIN_EMAIL;
  const adminPassword = process.env.ADMIN_PASSWORD;
  const adminToken = adminEmail && adminPassword ? await sessionFor(adminEmail, adminPassword) : null;
  const userToken = await page.evaluate(() => localStorage.getItem('token'));
  if (adminToken && userToken) {
    const me = await fetch(`${BASE}/api/user`, { headers: { 'x-auth-token': userToken } });
    const { user } = (await me.json()) as { user: { _id: string } };
    await api(`/external/v1/users/${user._id}/balance`, { amount: 125.5, reason: 'screenshots' }, adminToken);
    await sleep(450);
    await shot(page, '08-balance-animating');
    await sleep(1200);
    console.log(`  balance after credit: ${await page.getByTestId('balance').textContent()}`);
    await shot(page, '09-balance-credited');
  } else {
    console.log('  (no ADMIN_EMAIL/ADMIN_PASSWORD: skipping the wallet update shots)');
  }

  for (const [path, name] of [
    ['/battles', '10-placeholder-battles'],
    ['/Mines', '11-placeholder-mines'],
    ['/slots/', '11b-placeholder-slots'],
    ['/this/does/not/exist', '12-not-found'],
  ] as const) {
    await page.goto(`${BASE}${path}`);
    await page.locator('main').waitFor();
    await sleep(900);
    await shot(page, name);
  }
  await ready(page, '/home');
  for (const [label, name] of [
    ['TOS', '13-terms'],
    ['Support', '14-support'],
    ['Cashier', '15-cashier'],
    ['Affiliates', '15b-affiliates'],
  ] as const) {
    await page.getByRole('button', { name: label, exact: true }).click();
    await sleep(350);
    await shot(page, name);
    await page.keyboard.press('Escape');
    await sleep(200);
  }
  await page.getByRole('button', { name: 'Hide chat' }).click();
  await sleep(300);
  await shot(page, '16-chat-collapsed');
  await page.getByRole('button', { name: 'Show chat' }).click();

  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  await sleep(500);
  await shot(page, '17-logged-out');

  await ready(page, '/home?email=someone%40example.com&code=123456');
  await sleep(300);
  await shot(page, '18-recovery-prefilled');
  await ready(page, '/home?login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await sleep(300);
  await shot(page, '19-recovery-step1');

  await page.goto(`${BASE}/a/FRIEND123`);
  await page.waitForURL(/\/home$/);
  await ready(page, '/home?login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText('Claim Affiliate Code').waitFor({ timeout: 15_000 });
  await sleep(500);
  await shot(page, '20-affiliate-claim');

  await page.goto(`${BASE}/banned`);
  await sleep(1500);
  await shot(page, '21-banned');
  await context.close();
}

async function mobile(browser: Browser, width: number, prefix: string): Promise<void> {
  const [context, page] = await newPage(browser, width, 844);
  await ready(page, '/home');
  await shot(page, `${prefix}-home`);
  await shot(page, `${prefix}-home-full`, true);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await sleep(300);
  await shot(page, `${prefix}-menu`);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Open chat' }).click();
  await sleep(300);
  await shot(page, `${prefix}-chat`);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await sleep(300);
  await shot(page, `${prefix}-signin`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByTestId('balance').waitFor({ timeout: 15_000 });
  await sleep(1300);
  await shot(page, `${prefix}-signed-in`);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await sleep(300);
  await shot(page, `${prefix}-user-menu`);
  await page.keyboard.press('Escape');
  await page.goto(`${BASE}/crash`);
  await sleep(1600);
  await shot(page, `${prefix}-placeholder`);
  await context.close();
}

/** Signed in at an in-between width, to see the bar fit. */
async function signedInAt(browser: Browser, width: number, height: number, name: string): Promise<void> {
  const [context, page] = await newPage(browser, width, height);
  await ready(page, '/home?login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByTestId('balance').waitFor({ timeout: 15_000 });
  await sleep(1300);
  await shot(page, name);
  await context.close();
}

async function siteStates(browser: Browser): Promise<void> {
  const [context, page] = await newPage(browser, 1440, 900);
  await page.route('**/api/site', (route) => route.fulfill({ status: 503, body: '{"error":"Maintenance"}' }));
  await page.goto(`${BASE}/home`);
  await sleep(1800);
  await shot(page, '40-maintenance');
  await page.unroute('**/api/site');
  await page.route('**/api/site', (route) => route.fulfill({ status: 500, body: '{"error":"Boom"}' }));
  await page.goto(`${BASE}/home`);
  await sleep(1800);
  await shot(page, '41-unreachable');
  await context.close();
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  await desktop(browser);
  await signedInAt(browser, 1024, 768, '25-w1024-signed-in');
  await signedInAt(browser, 1280, 800, '26-w1280-signed-in');
  await signedInAt(browser, 800, 1000, '27-w800-signed-in');
  await mobile(browser, 390, '30-m390');
  await mobile(browser, 360, '35-m360');
  await siteStates(browser);
} finally {
  await browser.close();
}
