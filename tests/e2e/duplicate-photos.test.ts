import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PHASH_PHOTOS } from '../fixtures/phash-photos';
import { crop, decodeJpeg, resize, toJpeg } from '../factories/photo-variants';
import { apiRegister, noProblems, openTab, signIn, useBrowser } from './browser';
import { apiRegisterByPhone, postListing, uniquePhone, uploadPhoto } from './fixtures';

useBrowser();

/**
 * Duplicate-photo journeys (decision 012): a copycat posts another seller's photo → held → a moderator sees both ads'
 * photos side by side in /admin; a seller posting the same photo again through the form is pointed
 * at the ad they already have.
 */
const original = (name: keyof typeof PHASH_PHOTOS) => Buffer.from(PHASH_PHOTOS[name], 'base64');
const copyOf = (name: keyof typeof PHASH_PHOTOS) => Buffer.from(toJpeg(resize(crop(decodeJpeg(new Uint8Array(original(name))), { left: 0.01, top: 0.01 }), 320, 240), 60));

const grant = (email: string) => {
  const r = spawnSync('node', ['scripts/admin-grant.mjs', email, '--role', 'MODERATOR', '--persist-to', inject('persistTo')], { encoding: 'utf8' });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
};

const furniture = (title: string, images: string[]) => ({
  title,
  description: 'Solid wood, lightly used, no scratches. Pick up from Indiranagar only.',
  price: 14500,
  categoryId: 'Home & Garden',
  subcategoryId: 'Furniture',
  state: 'Karnataka',
  city: 'Bengaluru',
  neighbourhood: 'Indiranagar',
  images,
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escape(label)}( \\*| \\(optional\\))?$`));
const stamp = () => Date.now().toString(36);

describe('duplicate photos', () => {
  it('a copy of another seller’s photo is held, and /admin shows both ads’ photos side by side', async () => {
    const honest = await apiRegister(`honest.${stamp()}@example.in`, 'mango2024', { firstName: 'Kiran', lastName: 'Shah' });
    const first = await postListing(honest.token, furniture(`Teak bookshelf ${stamp()}`, [await uploadPhoto(honest.token, original('shotA'))]));
    expect(first.status).toBe('APPROVED');
    const copycat = await apiRegister(`copy.${stamp()}@example.in`, 'mango2024', { firstName: 'Sunny', lastName: 'Deal' });
    const copied = await postListing(copycat.token, furniture(`Bookshelf cheap ${stamp()}`, [await uploadPhoto(copycat.token, copyOf('shotA'))]));
    expect(copied.status).toBe('PENDING');

    const modEmail = `mod.dup.${stamp()}@example.in`;
    const mod = await apiRegister(modEmail, 'mango2024', { firstName: 'Meera', lastName: 'Iyer' });
    grant(modEmail);
    for (const [width, file] of [[1280, 'sel-e2e-duplicate-admin-1280'], [375, 'sel-e2e-duplicate-admin-375']] as const) {
      const tab = await openTab(width, 900, width === 375 ? { touch: true } : {});
      await signIn(tab, mod.token);
      await tab.page.goto('/admin');
      const item = tab.page.getByRole('listitem', { name: copied.title });
      await item.waitFor();
      await item.getByText('Duplicate photos').waitFor();
      // the copy's photo and the original ad's photo, with a link to the original
      const match = item.locator('figure.admin-item__match');
      await match.getByRole('link', { name: first.title }).waitFor();
      await expect.poll(() => item.locator('.admin-item__photos img').evaluateAll((imgs) => (imgs as HTMLImageElement[]).filter((i) => i.complete && i.naturalWidth > 0).length)).toBe(2);
      await item.scrollIntoViewIfNeeded();
      await tab.page.screenshot({ path: `/tmp/${file}.png` });
      noProblems(tab);
      await tab.context.close();
    }
  });

  it('posting the same photo again in the same category through the form: a dialog links to the ad already up', async () => {
    const phone = uniquePhone('7');
    const { token } = await apiRegisterByPhone(phone, 'Anil', 'Gupta');
    const first = await postListing(token, furniture(`Study table ${stamp()}`, [await uploadPhoto(token, original('shotC'))]));
    expect(first.status).toBe('APPROVED');

    const tab = await openTab(375, 812, { touch: true });
    const { page } = tab;
    await signIn(tab, token);
    await page.goto('/en-in/post');
    await page.getByRole('button', { name: 'Home & Garden' }).click();
    await page.getByRole('link', { name: 'Furniture', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/en-in/post/attributes');
    await field(page, 'Ad title').fill('Study table, same as before');
    await field(page, 'Description').fill('Solid wood study table, lightly used. Pick up only.');
    await field(page, 'Price').fill('4500');
    const dir = mkdtempSync(join(tmpdir(), 'sel-e2e-dup-'));
    writeFileSync(join(dir, 'table.jpg'), copyOf('shotC'));
    await page.getByLabel('Choose photos').setInputFiles([join(dir, 'table.jpg')]);
    await page.getByText('1 photo uploaded').waitFor({ state: 'attached', timeout: 20_000 });
    await field(page, 'State').selectOption('Karnataka');
    const city = field(page, 'City');
    await expect.poll(() => city.locator('option', { hasText: 'Bengaluru' }).count()).toBe(1);
    await city.selectOption('Bengaluru');
    const area = field(page, 'Neighbourhood');
    await expect.poll(() => area.locator('option', { hasText: 'Indiranagar' }).count()).toBe(1);
    await area.selectOption('Indiranagar');
    const post = page.getByRole('button', { name: 'Post now' });
    await post.scrollIntoViewIfNeeded();
    await expect.poll(() => post.isEnabled()).toBe(true);
    await post.click();

    const dialog = page.getByRole('dialog', { name: 'You already have this ad' });
    await dialog.getByText('One of these photos is already in your ad in this category.').waitFor();
    await page.screenshot({ path: '/tmp/sel-e2e-duplicate-409-375.png' });
    await dialog.getByRole('link', { name: 'Open my existing ad' }).click();
    await page.waitForURL((url) => url.pathname === `/item/${first.slug}`);
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    // the 409 is the server's deliberate answer: the browser logs it as a failed resource only
    noProblems(tab);
    await tab.context.close();
  });
});
