import { describe, expect, it } from 'vitest';
import { shareMessage, whatsappShareUrl } from './share';

describe('WhatsApp share', () => {
  it('opens wa.me with the title, price and link as the message', () => {
    const url = 'https://sel.example/item/cars-c84-honda-city-in-pune-iid-01abc';
    const link = new URL(whatsappShareUrl(url, shareMessage('Honda City 2019 & more', '₹ 6,50,000')));
    expect(link.origin + link.pathname).toBe('https://wa.me/');
    expect(link.searchParams.get('text')).toBe(`Honda City 2019 & more – ₹ 6,50,000\n${url}`);
  });
  it('sends the bare link when there is no message', () => {
    expect(new URL(whatsappShareUrl('https://sel.example/x', '')).searchParams.get('text')).toBe('https://sel.example/x');
  });
});
