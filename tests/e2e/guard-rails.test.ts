import { describe, expect, it } from 'vitest';
import { apiRegister, noProblems, openTab, signIn, useBrowser } from './browser';
import { api, apiRegisterByPhone, uniquePhone } from './fixtures';

useBrowser();

describe('journey 6: guard rails', () => {
  it('an unknown path shows Page Not Found and then goes home', async () => {
    const tab = await openTab();
    await tab.page.goto('/this/does/not/exist');
    await tab.page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
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

  it('logging out everywhere signs out an open tab at once, without a click', async () => {
    const user = await apiRegisterByPhone(uniquePhone('8'), 'Meera', 'Nair');
    const tab = await openTab();
    await signIn(tab, user.token);
    // the inbox socket is up once the server has sent its first frame (the unread count) on it
    const inboxReady = tab.page
      .waitForEvent('websocket', { predicate: (ws) => ws.url().includes('user-inbox'), timeout: 15_000 })
      .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).includes('unread_count'), timeout: 15_000 }));
    await tab.page.goto('/');
    const login = tab.page.getByRole('link', { name: 'Login' }).or(tab.page.getByRole('button', { name: 'Login' })).first();
    // signed in: the header offers no Login
    await tab.page.getByRole('heading', { name: 'Fresh recommendations' }).waitFor();
    await expect.poll(() => login.isVisible()).toBe(false);
    await inboxReady;
    await api('/auth/logout-all-devices', { token: user.token, method: 'POST', body: {} });
    // the server closes the tab's live socket; the tab learns its session ended and signs out
    await login.waitFor({ timeout: 8000 });
    await tab.context.close();
  });
});

