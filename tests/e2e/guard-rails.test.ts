import { describe, expect, it } from 'vitest';
import { noProblems, openTab, useBrowser } from './browser';

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

  it('a guest opening My Ads is sent to the login modal, remembering where they were going', async () => {
    const tab = await openTab();
    await tab.page.goto('/en-in/myads');
    await tab.page.waitForURL((url) => url.pathname === '/' || url.searchParams.has('showLoginModal') || url.searchParams.has('redirect'), { timeout: 10_000 });
    await tab.page.getByRole('dialog').waitFor({ timeout: 10_000 });
    await tab.shot('06-guard-login-modal');
    noProblems(tab);
    await tab.context.close();
  });
});
