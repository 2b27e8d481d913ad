import { describe, expect, it } from 'vitest';
import { apiRegister, noProblems, openTab, useBrowser } from './browser';

useBrowser();

describe('journey 6: guard rails', () => {
  it('an unknown path shows Page Not Found and then goes home', async () => {
    const tab = await openTab();
    await tab.page.goto('/this/does/not/exist');
    await expect(tab.page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).resolves.toBe(true);
    await tab.shot('06-not-found');
    await tab.page.waitForURL((url) => url.pathname === '/', { timeout: 6000 });
    await tab.page.getByRole('heading', { name: 'Fresh recommendations' }).waitFor();
    noProblems(tab);
    await tab.context.close();
  });

  it('a guest opening My Ads lands on the login modal and returns to My Ads after signing in', async () => {
    const email = `guard.${Date.now()}@example.in`;
    await apiRegister(email, 'mango2024', { firstName: 'Guard' });
    const tab = await openTab();
    await tab.page.goto('/en-in/myads');
    const dialog = tab.page.getByRole('dialog');
    await dialog.waitFor({ timeout: 10_000 });
    expect(new URL(tab.page.url()).pathname).toBe('/');
    await tab.shot('06-guard-login-modal');
    await dialog.getByRole('button', { name: 'Login with Email' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('mango2024');
    await dialog.getByRole('button', { name: /^Log ?in$/i }).click();
    await tab.page.waitForURL((url) => url.pathname === '/en-in/myads', { timeout: 10_000 });
    const noThanks = tab.page.getByRole('button', { name: 'No thanks' });
    if (await noThanks.isVisible().catch(() => false)) await noThanks.click();
    await tab.page.getByRole('heading', { name: /My Ads/i }).waitFor();
    await tab.shot('06-guard-back-to-myads');
    noProblems(tab);
    await tab.context.close();
  });
});
