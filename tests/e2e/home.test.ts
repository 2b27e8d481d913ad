import { describe, expect, it } from 'vitest';
import { noProblems, openTab, useBrowser } from './browser';

useBrowser();

describe('home page', () => {
  it('shows 11 fresh recommendations beside the promo card, at desktop width', async () => {
    const tab = await openTab(1280);
    const response = await tab.page.goto('/');
    // the static app carries the same security headers as worker-rendered pages (generated _headers)
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    await tab.page.getByRole('heading', { name: 'Fresh recommendations' }).waitFor();
    const cards = tab.page.locator('a[href^="/item/"]');
    await cards.first().waitFor();
    expect(await tab.page.getByText('Want to see your stuff here?').isVisible()).toBe(true);
    expect(await tab.page.getByRole('link', { name: /Browse All Listings/i }).isVisible()).toBe(true);
    const prices = await tab.page.locator('text=/₹\\s?[\\d,]+/').count();
    expect(prices).toBeGreaterThanOrEqual(11);
    await tab.shot('home-1280');
    noProblems(tab);
    await tab.context.close();
  });

  it('has no horizontal scroll at 375 px', async () => {
    const tab = await openTab(375, 800);
    await tab.page.goto('/');
    await tab.page.waitForLoadState('networkidle');
    const overflow = await tab.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await tab.shot('home-375');
    noProblems(tab);
    await tab.context.close();
  });
});
