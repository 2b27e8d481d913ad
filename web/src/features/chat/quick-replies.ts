import { msg } from '../../lib/i18n';
import type { Chat } from './types';

/**
 * Quick replies by role: a buyer asks about the item, a seller answers. The texts are
 * catalogue keys (msg), sent in the sender's language. `text: null` opens the offer box; only a
 * buyer makes offers.
 */
export type QuickReply = { label: string; text: string | null };

export const QUICK_REPLIES: Record<'buyer' | 'seller', readonly QuickReply[]> = {
  buyer: [
    { label: msg('Is it available?'), text: msg('Is it still available?') },
    { label: msg('Last price?'), text: msg('What is your last price?') },
    { label: msg('Can I see it?'), text: msg('Can I come and see it?') },
    { label: msg('Where is it?'), text: msg('Where can I pick it up?') },
    { label: msg('Make an offer'), text: null },
  ],
  seller: [
    { label: msg('Yes, available'), text: msg('Yes, it is available.') },
    { label: msg('Price is fixed'), text: msg('Sorry, the price is fixed.') },
    { label: msg('Come and see it'), text: msg('You can come and see it. When suits you?') },
    { label: msg('Already sold'), text: msg('Sorry, it is already sold.') },
    { label: msg('Please reply'), text: msg('Please reply') },
  ],
};

/** The viewer's side of a chat: the buyer started it about someone else's ad. */
export function chatRole(chat: Pick<Chat, 'buyerId'>, viewerId: string): 'buyer' | 'seller' {
  return chat.buyerId === viewerId ? 'buyer' : 'seller';
}
