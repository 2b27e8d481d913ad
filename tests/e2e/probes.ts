import type { Page } from 'playwright-core';

/**
 * Every visible button and link, brought to the middle of the screen one by one (as a thumb would
 * scroll to it): what a tap at its centre reaches must be the control itself. Anything on top — a
 * floating button, a sticky bar, a neighbour that overflows — is reported. `within` limits the probe
 * to one part of the page, e.g. an open dialog (the page behind it is meant to be covered).
 */
export const coveredControls = (page: Page, within = 'body') =>
  page.evaluate((scope) => {
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.classList.length ? `.${[...el.classList].join('.')}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    const out: string[] = [];
    for (const el of document.querySelector(scope)?.querySelectorAll<HTMLElement>('a[href], button, select, input:not([type="hidden"]), textarea, [role="button"], [role="tab"]') ?? []) {
      if (el.closest('[hidden], [aria-hidden="true"], [inert]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) continue;
      const first = el.getClientRects()[0];
      // visually-hidden skip links and collapsed things are no tap targets
      if (!first || first.width < 4 || first.height < 4) continue;
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const r = el.getClientRects()[0]!;
      const x = r.left + Math.min(r.width, window.innerWidth) / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === el || el.contains(hit) || hit.contains(el)) continue;
      if (hit instanceof HTMLLabelElement && hit.control === el) continue;
      out.push(`${name(el)} is under ${name(hit)}`);
    }
    window.scrollTo(0, 0);
    return out;
  }, within);

export const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  // fonts and late images move things: wait a frame pair
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
};
