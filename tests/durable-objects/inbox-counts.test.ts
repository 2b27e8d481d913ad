/**
 * The inbox follows every push with fresh unread counts; pushes that arrive together share one
 * count query (one running, one queued behind it), and the last counts sent are the truth.
 */
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import type { UserInbox } from '../../durable-objects/user-inbox';
import { chatEvent } from '../../worker/schemas/chat';
import { createUserWithToken } from '../factories';
import { connect } from './socket';
import { addNotification } from '../support/inbox-notifications';

const inboxStub = (userId: string) => env.UserInbox.get(env.UserInbox.idFromName(userId)) as unknown as DurableObjectStub<UserInbox>;

const addUnreadNotification = (userId: string) => addNotification(userId);

describe('inbox unread counts', () => {
  it('twenty pushes at once: every event reaches the tab, followed by two count updates that end at the truth', async () => {
    const user = await createUserWithToken();
    const tab = await connect(`/parties/user-inbox/${user.id}?token=${user.token}`);
    await tab.waitFor((e) => e.type === 'unread_count');
    const before = tab.events.length;
    for (let i = 0; i < 3; i++) await addUnreadNotification(user.id);
    const delivered = await runInDurableObject(inboxStub(user.id), (inbox) =>
      Promise.all(Array.from({ length: 20 }, (_, i) => inbox.push(chatEvent('chat_updated', { chatId: `c-${i}` })))),
    );
    expect(delivered).toEqual(Array(20).fill(1));
    await tab.waitFor((e) => e.type === 'chat_updated' && e.chatId === 'c-19');
    await tab.waitFor((e) => e.type === 'unread_count' && e.unreadNotifications === 3);
    await new Promise((r) => setTimeout(r, 100));
    const after = tab.events.slice(before);
    expect(after.filter((e) => e.type === 'chat_updated').map((e) => e.chatId)).toEqual(Array.from({ length: 20 }, (_, i) => `c-${i}`));
    const counts = after.filter((e) => e.type === 'unread_count');
    expect(counts).toHaveLength(2);
    expect(counts.at(-1)).toMatchObject({ unreadNotifications: 3, total: 3 });
    tab.close();
  });

  it('a push after a count query has started gets one read after it', async () => {
    const user = await createUserWithToken();
    const tab = await connect(`/parties/user-inbox/${user.id}?token=${user.token}`);
    await tab.waitFor((e) => e.type === 'unread_count');
    await runInDurableObject(inboxStub(user.id), async (inbox) => {
      const first = inbox.push(chatEvent('chat_updated', { chatId: 'first' }));
      // the first push's count query is under way; this change lands after it started
      await inbox.storeNotifications({ rows: [{ id: 'ntf_late', user_id: user.id, title: 'Hi', body: 'Hello', type: 'SYSTEM', data: '{}', is_read: 0, read_at: null, created_at: Date.now() }], tell: false });
      await Promise.all([first, inbox.push(chatEvent('chat_updated', { chatId: 'second' }))]);
    });
    await tab.waitFor((e) => e.type === 'chat_updated' && e.chatId === 'second');
    const last = await tab.waitFor((e) => e.type === 'unread_count' && e.unreadNotifications === 1);
    expect(last.total).toBe(1);
    tab.close();
  });
});
