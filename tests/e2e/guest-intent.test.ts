import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiRegister, noProblems, openTab, useBrowser } from './browser';
import { api, listings } from './fixtures';

useBrowser();

const WIDTH = 375;

/** Signs in through the login modal the guest was sent to, with e-mail and password. */
const logInThroughModal = async (page: Page, email: string) => {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Login with Email' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('mango2024');
  await dialog.getByRole('button', { name: /^Log ?in$/i }).click();
};

const dismissPrompts = async (page: Page) => {
  const noThanks = page.getByRole('button', { name: 'No thanks' });
  if (await noThanks.isVisible().catch(() => false)) await noThanks.click();
};

/** What a guest started completes after signing in, back where they were. */
describe('intent survives sign-in', () => {
  it('a heart, "Chat with seller" and "Show phone number" tapped as a guest complete after signing in', async () => {
    const email = `intent.${Date.now()}@example.in`;
    const { token } = await apiRegister(email, 'mango2024', { firstName: 'Asha' });
    // the oldest seeded ads: other journeys post, sell and report the newest ones
    const { listings: ads } = await listings({ limit: 3, sortBy: 'createdAt', sortOrder: 'asc' });
    const [first, second, third] = ads as [(typeof ads)[0], (typeof ads)[0], (typeof ads)[0]];

    // the heart
    let tab = await openTab(WIDTH, 800);
    await tab.page.goto(`/item/${first.slug}`);
    await tab.page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    await tab.page.getByRole('button', { name: 'Add to Favorites' }).click();
    await logInThroughModal(tab.page, email);
    await tab.page.waitForURL((url) => url.pathname === `/item/${first.slug}`, { timeout: 10_000 });
    await dismissPrompts(tab.page);
    await tab.page.getByRole('button', { name: 'Remove from Favorites' }).waitFor();
    // the heart fills at once (optimistic); the server has it when the request lands
    const favouriteIds = async () => (await api<{ listings: { id: string }[] }>('/listings/user/favorites?limit=10', { token })).listings.map((l) => l.id);
    await expect.poll(favouriteIds, { timeout: 10_000 }).toEqual([first.id]);
    await tab.shot('guest-intent-favourite');
    noProblems(tab);
    await tab.context.close();

    // Chat with seller
    tab = await openTab(WIDTH, 800);
    await tab.page.goto(`/item/${second.slug}`);
    await tab.page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    await tab.page.getByRole('button', { name: 'Chat with seller' }).first().click();
    await logInThroughModal(tab.page, email);
    await tab.page.waitForURL((url) => url.pathname === '/chat' && url.searchParams.get('listingId') === second.id, { timeout: 15_000 });
    await dismissPrompts(tab.page);
    await tab.page.getByText(second.title).first().waitFor();
    await tab.shot('guest-intent-chat');
    noProblems(tab);
    await tab.context.close();

    // Show phone number (a non-Pro buyer gets the Pro offer at once, without a second tap)
    tab = await openTab(WIDTH, 800);
    await tab.page.goto(`/item/${third.slug}`);
    await tab.page.getByRole('heading', { level: 1, name: third.title }).waitFor();
    const phoneButton = tab.page.getByRole('button', { name: /Show phone number/i }).first();
    await phoneButton.click();
    await logInThroughModal(tab.page, email);
    await tab.page.waitForURL((url) => url.pathname === `/item/${third.slug}`, { timeout: 10_000 });
    await dismissPrompts(tab.page);
    await expect.poll(() => tab.page.getByRole('button', { name: /Show phone number/i }).first().getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('true');
    await tab.shot('guest-intent-phone');
    noProblems(tab);
    await tab.context.close();
  });
});
