import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, browserEnv } from '../../scripts/lib/chromium';

export const baseURL = () => inject('baseURL');
const SHOTS = 'tests/e2e/screenshots';

let browser: Browser | undefined;

/** One browser per test file; each journey opens its own contexts. */
export const useBrowser = () => {
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_ARGS, env: browserEnv() });
  });
  afterAll(async () => {
    await browser?.close();
  });
};

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** console errors and failed requests seen so far; a journey asserts this stays empty */
  problems: string[];
  shot: (name: string) => Promise<void>;
}

/** A fresh browser context (like a separate person) at the given width. */
/** A phone's user agent: the worker lays a page's first screen out for the kind of screen it names. */
export const PHONE_UA = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

export const openTab = async (width = 1280, height = 900, opts: { touch?: boolean; javaScriptEnabled?: boolean; userAgent?: string } = {}): Promise<Tab> => {
  if (!browser) throw new Error('call useBrowser() in the test file');
  const context = await browser.newContext({
    viewport: { width, height },
    baseURL: baseURL(),
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    // a phone: taps instead of clicks, the mobile viewport meta honoured
    ...(opts.touch ? { hasTouch: true, isMobile: true } : {}),
    // off: what a crawler, or a phone before the bundle has run, gets
    ...(opts.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
    ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    // the browser reports our own deliberate 4xx answers (e.g. a wrong OTP) as console errors
    if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  mkdirSync(SHOTS, { recursive: true });
  return {
    context,
    page,
    problems,
    shot: async (name) => {
      await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
    },
  };
};

export const noProblems = (tab: Tab) => expect(tab.problems, tab.problems.join('\n')).toEqual([]);

/** Reads the latest OTP sent to a phone from the dev outbox, as a developer would. */
export const otpFor = async (phone: string) => {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${baseURL()}/api/dev/outbox`);
    const body = (await res.json()) as { data: { to: string; body: string }[] };
    const code = body.data.find((m) => m.to === phone)?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no OTP for ${phone} in the dev outbox`);
};

let registrations = 0;

/**
 * Registers through the API and returns a token, for journeys that start signed in. Each account is
 * someone else on another network (a /24 of its own): sign-ups are limited per network (decision 006),
 * and the journeys together make more accounts than one household would.
 */
export const apiRegister = async (email: string, password = 'mango2024', names: { firstName?: string; lastName?: string } = {}) => {
  registrations += 1;
  const network = `10.${(process.pid + registrations) % 250}.${registrations % 250}.1`;
  const res = await fetch(`${baseURL()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'CF-Connecting-IP': network },
    body: JSON.stringify({ email, password, ...names }),
  });
  const body = (await res.json()) as { data: { token: string; user: { id: string } } };
  if (!res.ok) throw new Error(`register failed: ${JSON.stringify(body)}`);
  return body.data;
};

export const signIn = async (tab: Tab, token: string) => {
  await tab.page.goto('/');
  await tab.page.evaluate((t) => {
    localStorage.setItem('token', t);
    localStorage.setItem('hasSeenNotificationDialog', 'true');
    localStorage.setItem('hasSeenWishlistNotification', 'true');
  }, token);
};
