import { notificationRows } from '../support/inbox-notifications';
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { notifyManyOnce } from '../../worker/services/notifications/notifications';
import { accountsDb, createUserWithToken } from '../factories';
import { connect } from './socket';

/** Whether the user's inbox has recorded an open tab, in the user's accounts database (a saved-search fan-out wakes only those inboxes; decision 009). */
const present = async (userId: string) => (await accountsDb(userId).prepare('SELECT 1 AS y FROM inbox_presence WHERE user_id = ?').bind(userId).first()) !== null;

/** Waits until `check` holds (socket closes reach the Durable Object asynchronously). */
const eventually = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 80; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
};

describe('inbox presence', () => {
  it('is recorded while at least one tab is open and cleared when the last one closes', async () => {
    const user = await createUserWithToken();
    expect(await present(user.id)).toBe(false);
    const tab1 = await connect(`/parties/user-inbox/${user.id}?token=${user.token}`);
    await tab1.waitFor((e) => e.type === 'unread_count');
    expect(await present(user.id)).toBe(true);
    const tab2 = await connect(`/parties/user-inbox/${user.id}?token=${user.token}`);
    await tab2.waitFor((e) => e.type === 'unread_count');
    tab1.close();
    await tab1.closed;
    // the other tab is still open: still reachable
    await new Promise((r) => setTimeout(r, 150));
    expect(await present(user.id)).toBe(true);
    tab2.close();
    expect(await eventually(async () => !(await present(user.id)))).toBe(true);
  });

  it('a refused connection (someone else’s token) records nothing', async () => {
    const owner = await createUserWithToken();
    const other = await createUserWithToken();
    const res = await connect(`/parties/user-inbox/${owner.id}?token=${other.token}`).catch((err: Error) => err);
    expect(res).toBeInstanceOf(Error);
    expect(await present(owner.id)).toBe(false);
  });
});

describe('fan-out of keyed notifications', () => {
  const alert = (userId: string, key: string) => ({ key, userId, n: { type: 'SYSTEM' as const, title: 'New ad for "activa pune"', body: 'Honda Activa 6G · ₹45,000 · Pune', data: { kind: 'SAVED_SEARCH', listingId: key } } });

  it('stores one notification per buyer in one go, pushes it live to a buyer with a tab open, and stores it for the others', async () => {
    const online = await createUserWithToken();
    const offline = await Promise.all([1, 2, 3].map(() => createUserWithToken()));
    const tab = await connect(`/parties/user-inbox/${online.id}?token=${online.token}`);
    await tab.waitFor((e) => e.type === 'unread_count');
    const created = await notifyManyOnce(env, [online, ...offline].map((u) => alert(u.id, `fanout:ad1:${u.id}`)));
    expect(created).toBe(4);
    const live = await tab.waitFor((e) => e.type === 'notification');
    expect(live.notification).toMatchObject({ title: 'New ad for "activa pune"', body: 'Honda Activa 6G · ₹45,000 · Pune', isRead: false, data: { kind: 'SAVED_SEARCH' } });
    expect(await tab.waitFor((e) => e.type === 'unread_count' && e.unreadNotifications === 1)).toBeTruthy();
    for (const u of offline) {
      const row = (await notificationRows(u.id))[0];
      expect(row?.title).toBe('New ad for "activa pune"');
    }
    tab.close();
  });

  it('a repeated fan-out (a re-delivered queue message) stores and pushes nothing more', async () => {
    const buyer = await createUserWithToken();
    const other = await createUserWithToken();
    const tab = await connect(`/parties/user-inbox/${buyer.id}?token=${buyer.token}`);
    await tab.waitFor((e) => e.type === 'unread_count');
    const items = [alert(buyer.id, `fanout:ad2:${buyer.id}`), alert(other.id, `fanout:ad2:${other.id}`)];
    expect(await notifyManyOnce(env, items)).toBe(2);
    await tab.waitFor((e) => e.type === 'notification');
    expect(await notifyManyOnce(env, items)).toBe(0);
    // a new key next to an old one: only the new one is created
    expect(await notifyManyOnce(env, [...items, alert(other.id, `fanout:ad3:${other.id}`)])).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(tab.events.filter((e) => e.type === 'notification')).toHaveLength(1);
    expect([[buyer.id, (await notificationRows(buyer.id)).length], [other.id, (await notificationRows(other.id)).length]]).toEqual([
      [buyer.id, 1],
      [other.id, 2],
    ]);
    tab.close();
  });

  it('a fan-out larger than one statement (40 buyers) stores every notification', async () => {
    const buyers = await Promise.all(Array.from({ length: 40 }, () => createUserWithToken()));
    expect(await notifyManyOnce(env, buyers.map((b) => alert(b.id, `fanout:ad4:${b.id}`)))).toBe(40);
    const stored = (await Promise.all(buyers.map((b) => notificationRows(b.id)))).flat().filter((n) => n.data.includes('fanout:ad4:'));
    expect(stored).toHaveLength(40);
  });
});
