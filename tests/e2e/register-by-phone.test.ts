import { describe, expect, it } from 'vitest';
import { noProblems, openTab, otpFor, useBrowser } from './browser';

useBrowser();

describe('journey 2: a new user registers by phone', () => {
  it('enters a number, reads the OTP from the dev outbox, and lands back where they started, signed in', async () => {
    const tab = await openTab();
    const { page } = tab;
    const phone = `9${String(Date.now()).slice(-9)}`;
    await page.goto('/products?category=Cars');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Login' }).or(page.getByRole('button', { name: 'Login' })).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Continue with phone' }).click();
    await dialog.getByLabel('Phone number').fill(phone);
    await tab.shot('02-phone-entry');
    await dialog.getByRole('button', { name: 'Next' }).click();
    // an unknown number is retried as a registration: the OTP step asks for a name
    const code = dialog.getByLabel('Verification code');
    await code.waitFor();
    const verify = dialog.getByRole('button', { name: 'Verify and create account' });
    expect(await verify.isDisabled()).toBe(true);
    await dialog.getByLabel('First name').fill('Kavya');
    await dialog.getByLabel('Last name').fill('Menon');
    await code.fill(await otpFor(phone));
    await tab.shot('02-otp-entry');
    await verify.click();
    await page.getByText('Registration successful! Welcome to SEL!').waitFor();
    // first sign-up asks about push notifications once
    const noThanks = page.getByRole('button', { name: 'No thanks' });
    if (await noThanks.isVisible().catch(() => false)) await noThanks.click();
    await page.getByRole('button', { name: /Account menu for Kavya/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/products');
    expect(new URL(page.url()).searchParams.get('category')).toBe('Cars');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await tab.shot('02-signed-in');
    noProblems(tab);
    await tab.context.close();
  });
});
