import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noProblems, openTab, signIn, useBrowser } from './browser';
import { apiRegisterByPhone, uniquePhone, writeJpegs } from './fixtures';

useBrowser();

const rupees = (n: number) => `₹ ${n.toLocaleString('en-IN')}`;

/** A chip in a radio group ('Fuel' → 'Petrol'): the visible label is what a person taps. */
const chooseChip = (page: Page, group: string, option: string) => page.getByRole('group', { name: group }).getByText(option, { exact: true }).click();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form control by its visible label, which ends in ' *' when required or ' (optional)'. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escape(label)}( \\*| \\(optional\\))?$`));

/** Every <img> in the locator has loaded real pixels. */
const allLoaded = (images: Locator) => images.evaluateAll((imgs) => (imgs as HTMLImageElement[]).every((img) => img.complete && img.naturalWidth > 0));

/** The My Ads card of an ad, by its title. */
const myAdCard = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

const openMyAds = async (page: Page, firstName: string) => {
  await page.getByRole('button', { name: `Account menu for ${firstName}` }).click();
  await page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: 'My ADS' }).click();
  await page.waitForURL((url) => url.pathname === '/en-in/myads');
  await page.getByRole('heading', { level: 1, name: 'My Ads' }).waitFor();
};

describe('journey 3: a seller posts a car ad with two photos, edits it and marks it sold', () => {
  it('posts through the category chooser and the form, finds it ACTIVE in My Ads with both photos, edits the price and marks it sold', async () => {
    const phone = uniquePhone('8');
    const { token } = await apiRegisterByPhone(phone, 'Rohan', 'Verma');
    const [red, blue] = writeJpegs([
      { name: 'front.jpg', rgb: [200, 40, 40] },
      { name: 'side.jpg', rgb: [40, 80, 200] },
    ]);
    const ad = {
      brand: 'Honda',
      model: 'City VX',
      year: '2019',
      km: '45000',
      title: 'Honda City VX 2019 single owner, e2e',
      description: 'Well kept Honda City VX petrol manual, serviced at the dealer, all papers clear.',
      price: 650_000,
      newPrice: 625_000,
      state: 'Karnataka',
      city: 'Bengaluru',
      neighbourhood: 'Koramangala',
    };

    const tab = await openTab(1280);
    const { page } = tab;
    // the edit form asks before leaving with unsaved changes: any confirm here would be a surprise
    page.on('dialog', (d) => {
      tab.problems.push(`unexpected ${d.type()}: ${d.message()}`);
      void d.dismiss();
    });
    await signIn(tab, token);

    // category chooser: Vehicles → Cars
    await page.goto('/en-in/post');
    await page.getByRole('heading', { level: 1, name: 'POST YOUR AD' }).waitFor();
    await page.getByRole('button', { name: 'Vehicles' }).click();
    await tab.shot('03-category-chooser');
    await page.getByRole('link', { name: 'Cars', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/en-in/post/attributes' && url.searchParams.get('subcategory') === 'vehicles-cars');
    const chosen = page.getByRole('navigation', { name: 'Category' });
    expect(await chosen.textContent()).toMatch(/Vehicles\s*Cars/);

    // the details a car needs
    const post = page.getByRole('button', { name: 'Post now' });
    expect(await post.isDisabled()).toBe(true);
    await field(page, 'Brand').selectOption(ad.brand);
    await field(page, 'Model').fill(ad.model);
    await field(page, 'Year').fill(ad.year);
    await chooseChip(page, 'Fuel', 'Petrol');
    await chooseChip(page, 'Transmission', 'Manual');
    await field(page, 'KM driven').fill(ad.km);
    expect(await field(page, 'KM driven').inputValue()).toBe('45,000');
    await chooseChip(page, 'No. of owners', '1st');
    await field(page, 'Ad title').fill(ad.title);
    await field(page, 'Description').fill(ad.description);
    await field(page, 'Price').fill(String(ad.price));
    expect(await field(page, 'Price').inputValue()).toBe('6,50,000');

    // two real photos, each with its own upload progress
    await page.getByLabel('Choose photos').setInputFiles([red!, blue!]);
    const photos = page.getByRole('list', { name: /^Photos, 2 of 20$/ });
    await photos.getByRole('img', { name: 'Photo 1 (cover)' }).waitFor();
    await photos.getByRole('img', { name: 'Photo 2' }).waitFor();
    await page.getByText('2 photos uploaded').waitFor({ state: 'attached', timeout: 20_000 });
    expect(await photos.getByRole('progressbar').count()).toBe(0);
    expect(await photos.getByRole('alert').count()).toBe(0);

    // location from the lists
    await field(page, 'State').selectOption(ad.state);
    const city = field(page, 'City');
    await expect.poll(() => city.locator('option', { hasText: ad.city }).count()).toBe(1);
    await city.selectOption(ad.city);
    const area = field(page, 'Neighbourhood');
    await expect.poll(() => area.locator('option', { hasText: ad.neighbourhood }).count()).toBe(1);
    await area.selectOption(ad.neighbourhood);

    // the seller's own name and number come prefilled from the phone sign-up
    expect(await field(page, 'Name').inputValue()).toBe('Rohan Verma');
    expect(await field(page, 'Mobile phone number').inputValue()).toBe(phone);
    await post.scrollIntoViewIfNeeded();
    await expect.poll(() => post.isEnabled()).toBe(true);
    await tab.shot('03-form-filled');
    await post.click();

    // congratulations, then the success page
    const congrats = page.getByRole('dialog', { name: 'Congratulations!' });
    await congrats.getByText('Your ad is live now.').waitFor();
    expect(await congrats.getByText(ad.title, { exact: false }).isVisible()).toBe(true);
    await tab.shot('03-congratulations');
    await congrats.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/en-in/payments/packages/consume/free/success');
    await page.getByRole('heading', { level: 1, name: 'Congratulations!' }).waitFor();
    // it says what happened to this ad and shows it, with no Cars-only free-ad claim
    await page.getByText('Your ad is live now.').waitFor();
    expect(await page.getByRole('region', { name: 'Your ad' }).getByText(ad.title, { exact: false }).isVisible()).toBe(true);
    expect(await page.getByText(/365 days in Cars/).count()).toBe(0);
    await tab.shot('03-success-page');

    // My Ads: the new ad is ACTIVE
    await openMyAds(page, 'Rohan');
    const card = myAdCard(page, ad.title);
    await card.waitFor();
    expect(await card.getByText('ACTIVE', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText('Your ad is live and visible to buyers').isVisible()).toBe(true);
    expect(await card.getByText(rupees(ad.price)).isVisible()).toBe(true);
    await tab.shot('03-myads-active');

    // its public page shows both photos
    await card.getByRole('link', { name: 'View' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/item/'));
    const detailUrl = page.url();
    await page.getByRole('heading', { level: 1, name: ad.title }).waitFor();
    expect(await page.locator('.listing-detail__price').textContent()).toBe(rupees(ad.price));
    const carousel = page.getByRole('region', { name: `Photos of ${ad.title}`, exact: true });
    await carousel.getByRole('img', { name: `${ad.title}, photo 1 of 2` }).waitFor();
    const thumbs = carousel.getByRole('button', { name: /^Show photo \d of 2$/ });
    expect(await thumbs.count()).toBe(2);
    await expect.poll(() => allLoaded(carousel.locator('img')), { timeout: 15_000 }).toBe(true);
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await carousel.getByRole('img', { name: `${ad.title}, photo 2 of 2` }).waitFor();
    expect(await carousel.getByText('2 / 2').isVisible()).toBe(true);
    await expect.poll(() => allLoaded(carousel.locator('img')), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText('Your Listing').isVisible()).toBe(true);
    await tab.shot('03-detail-two-photos');

    // edit the price
    await page.getByRole('link', { name: 'Edit Listing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Listing' }).waitFor();
    const price = field(page, 'Price');
    await expect.poll(() => price.inputValue()).toBe('6,50,000');
    await price.fill(String(ad.newPrice));
    expect(await price.inputValue()).toBe('6,25,000');
    await tab.shot('03-edit-price');
    await page.getByRole('button', { name: 'Update Listing' }).click();
    await page.getByText('Listing updated successfully!').waitFor();
    await page.waitForURL((url) => url.pathname === '/en-in/myads');
    await myAdCard(page, ad.title).getByText(rupees(ad.newPrice)).waitFor();
    await page.goto(detailUrl);
    await page.getByRole('heading', { level: 1, name: ad.title }).waitFor();
    await expect.poll(() => page.locator('.listing-detail__price').textContent()).toBe(rupees(ad.newPrice));
    await tab.shot('03-detail-new-price');

    // mark it sold
    await openMyAds(page, 'Rohan');
    const soldCard = myAdCard(page, ad.title);
    await soldCard.getByRole('button', { name: 'Mark as sold' }).click();
    await page.getByText('Marked as sold').waitFor();
    await soldCard.getByText('SOLD', { exact: true }).waitFor();
    expect(await soldCard.getByText('This item has been sold successfully').isVisible()).toBe(true);
    expect(await soldCard.getByRole('button', { name: 'Mark as sold' }).count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Filter by status' }).getByRole('link', { name: /^Sold \(1\)$/ }).isVisible()).toBe(true);
    await tab.shot('03-myads-sold');

    // a buyer opening the sold ad is told so and offered similar ads, not a chat about it
    const buyer = await openTab(375, 800);
    await buyer.page.goto(detailUrl);
    await buyer.page.getByRole('heading', { level: 1, name: ad.title }).waitFor();
    await buyer.page.getByText('This item has been sold.').waitFor();
    expect(await buyer.page.getByRole('button', { name: 'Chat with seller' }).count()).toBe(0);
    expect(await buyer.page.getByRole('link', { name: 'See similar ads' }).getAttribute('href')).toContain('subcategory=Cars');
    await buyer.shot('03-sold-ad-buyer');
    noProblems(buyer);
    await buyer.context.close();
    noProblems(tab);
    await tab.context.close();
  });
});
