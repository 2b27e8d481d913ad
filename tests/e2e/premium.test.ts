import { describe, expect, it } from 'vitest';
import { apiRegister, noProblems, openTab, signIn, useBrowser } from './browser';
import { listings } from './fixtures';

useBrowser();

describe('journey 5: a buyer buys Pro through the test checkout and reveals a seller phone number', () => {
  it('pays for Pro, sees the plan and days left, then Show phone number gives a +91 number and the used count', async () => {
    // seeded demo sellers all have a phone number they share with Pro buyers
    const { listings: recent } = await listings({ limit: 100 });
    const ad = recent.find((l) => l.user.id.startsWith('usr_demo_'));
    if (!ad) throw new Error('no seeded demo seller among the latest ads');
    const email = `neha.kapoor.${Date.now()}@example.in`;
    const { token } = await apiRegister(email, 'mango2024', { firstName: 'Neha', lastName: 'Kapoor' });

    const tab = await openTab(1280);
    const { page } = tab;
    await signIn(tab, token);
    await page.goto('/premium');
    await page.getByRole('heading', { level: 1, name: 'SEL Buyer plans' }).waitFor();

    // Pro: Choose Plan → Complete Payment → Pay → test checkout → Pay
    const pro = page.getByRole('article', { name: 'SEL Buyer Pro' });
    await pro.waitFor();
    expect(await pro.getByText('Most Popular').isVisible()).toBe(true);
    await pro.getByRole('button', { name: 'Choose Plan' }).click();
    const payment = page.getByRole('dialog', { name: 'Complete Payment' });
    await payment.getByRole('heading', { name: 'SEL Buyer Pro' }).waitFor();
    expect(await payment.getByText('₹299 / month').isVisible()).toBe(true);
    const pay = payment.getByRole('button', { name: 'Pay ₹299' });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await tab.shot('05-complete-payment');
    await pay.click();
    const checkout = page.getByRole('dialog', { name: 'Test checkout' });
    await checkout.getByText('Test checkout — no real money is charged').waitFor();
    expect(await checkout.getByText('SEL Buyer Pro').isVisible()).toBe(true);
    await tab.shot('05-test-checkout');
    await checkout.getByRole('button', { name: 'Pay ₹299' }).click();

    // the plan is active: name, days left and the phone allowance
    const plan = page.getByRole('region', { name: 'Your plan', exact: true });
    await plan.waitFor({ timeout: 15_000 });
    // both dialogs close once the payment is verified
    await checkout.waitFor({ state: 'detached' });
    await payment.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Welcome to SEL Buyer Pro!' }).waitFor();
    expect(await plan.getByText('SEL Buyer Pro').isVisible()).toBe(true);
    expect(await plan.getByText('PRO', { exact: true }).isVisible()).toBe(true);
    expect(await plan.getByText(/^(30|31) days remaining$/).isVisible()).toBe(true);
    expect(await plan.getByText('0 of 50 phone numbers used').isVisible()).toBe(true);
    expect(await pro.getByRole('button', { name: 'Already Subscribed' }).isDisabled()).toBe(true);
    await tab.shot('05-pro-active');

    // on a seeded ad: Show phone number
    await page.goto(`/item/${ad.slug}`);
    await page.getByRole('heading', { level: 1, name: ad.title }).waitFor();
    const sellerCard = page.getByRole('region', { name: 'Posted by', exact: true });
    await sellerCard.getByRole('button', { name: 'Show phone number' }).click();
    const call = sellerCard.getByRole('link', { name: /^Call .+ on \+91 / });
    await call.waitFor();
    expect(await call.textContent()).toMatch(/^\+91 [6-9]\d{4} \d{5}$/);
    expect(await call.getAttribute('href')).toMatch(/^tel:\+91[6-9]\d{9}$/);
    expect(await sellerCard.getByText('1 of 50 used this month').isVisible()).toBe(true);
    await tab.shot('05-phone-revealed');

    // and the plan counts it
    await page.goto('/premium');
    await page.getByRole('region', { name: 'Your plan', exact: true }).getByText('1 of 50 phone numbers used').waitFor();
    noProblems(tab);
    await tab.context.close();
  });
});
