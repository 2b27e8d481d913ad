import { routePartykitRequest } from 'partyserver';
import { backfillPhotoPrints } from './services/photos/duplicate-photos';
import { moveChatHistory } from './services/chat/history-move';
import { armArchivedRooms } from './services/chat/chat-retention';
import { moveNotifications } from './services/notifications/move';
import type { Env } from './env';
import { app } from './app';
import { timed, timedEnv, withServerTiming } from './lib/server-timing';
import { getDb } from './db/client';
import { withBookmark, withRequestSession } from './db/session';
import { authenticate, sweepIdentifierClaims } from './services/accounts/auth';
import { movePlansToAccounts } from './services/commerce/plans-move';
import { moveSellerOrdersToAccounts } from './services/commerce/seller-orders-move';
import { moveSellerCreditsToAccounts } from './services/commerce/seller-credits-move';
import { settleInvoiceNumbers } from './services/commerce/business-orders';
import { moveUserRowsToAccounts } from './services/accounts/rows-move';
import { scheduledUsersCopy } from './services/accounts/users-copy';
import { scheduledUsersRetire } from './services/accounts/users-retire';
import { moveSavedSearchesToAccounts } from './services/accounts/saved-searches-move';
import { moveChatListsToAccounts } from './services/chat/chat-members';
import { moveChatsToAccounts, scheduledChatsRemoval } from './services/chat/chats-move';
import { isMember } from './services/chat/chat';
import { fillSavedSearchLinks, removeUnusedMatchers } from './services/alerts/saved-searches';
import { cleanupOrphanUploads } from './services/photos/uploads';
import { removeExpiredSessions } from './services/accounts/session-cleanup';
import { expireSubscriptions } from './services/commerce/premium';
import type { AlertMessage } from './env';
import { handleAlertBatch, handleDeadLetters } from './services/alerts/consumer';
import { relayOutbox } from './services/alerts/events';
import { sendDailyDigests } from './services/alerts/digest';
import { expireFeatured } from './services/commerce/business';
import { CONSISTENCY_CRON, scheduledConsistency } from './services/consistency';
import { spreadLiveAds } from './services/listings/live-ads';
import { scheduledDirectoryBackfill } from './services/accounts/directory-backfill';
import { archiveEndedAds, retireEarlierArchivedChats } from './services/listings/archive';
import { EARLIER_ARCHIVED_CHATS_PER_RUN } from './schemas/archive-data';
import { runAdLifecycle } from './services/listings/lifecycle';
import { EXPIRY_JOB } from './schemas/ad-lifecycle-data';
import { rollUpViews } from './services/listings/view-rollup';

export { RateLimiter } from '../durable-objects/rate-limiter';
export { ChatRoom } from '../durable-objects/chat-room';
export { UserInbox } from '../durable-objects/user-inbox';
export { ViewCounter } from '../durable-objects/view-counter';

const socketRefused = (status: number, message: string) =>
  new Response(JSON.stringify({ success: false, error: message, code: status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * WebSockets to the chat rooms and inboxes. Browsers cannot set headers on a WebSocket, so the
 * token comes as ?token=; it is checked here, and the room only ever sees the verified user id.
 */
const routeRealtime = (request: Request, env: Env) =>
  routePartykitRequest(request, env, {
    onBeforeRequest: () => socketRefused(403, 'Only WebSocket connections are accepted here'),
    onBeforeConnect: async (req, lobby) => {
      const url = new URL(req.url);
      const token = url.searchParams.get('token');
      if (!token) return socketRefused(401, 'Authentication error');
      let userId: string;
      let tokenVersion: number;
      try {
        ({ id: userId, tokenVersion } = (await authenticate(env, token)).user);
      } catch {
        return socketRefused(401, 'Authentication error');
      }
      const allowed = lobby.className === 'UserInbox' ? lobby.name === userId : lobby.className === 'ChatRoom' ? await isMember(env, userId, lobby.name) : false;
      if (!allowed) return socketRefused(403, 'You do not have permission to perform this action');
      const headers = new Headers(req.headers);
      headers.set('X-Sel-User', userId);
      // the room re-checks it before each write, so a socket outlives no revocation (logout-all, block, delete)
      headers.set('X-Sel-Token-Version', String(tokenVersion));
      url.searchParams.delete('token');
      return new Request(url.toString(), { method: req.method, headers });
    },
  });

export default {
  // every request reads D1 through its own session: replicas where freshness allows, the user's
  // bookmark where it does not (worker/db/session.ts, decision 022)
  fetch: async (request, env, ctx) => {
    // per-stage timing for the benchmarks (decision 023): only where the benchmarks run
    if (env.EDGE_CACHE === 'measure' && !new URL(request.url).pathname.startsWith('/parties/')) {
      return withServerTiming(async () => {
        const session = timed('session', () => withRequestSession(env, request));
        const res = await timed('app', () => app.fetch(request, timedEnv(session.env), ctx));
        return timed('session', () => withBookmark(res, session.db));
      });
    }
    const session = withRequestSession(env, request);
    if (new URL(request.url).pathname.startsWith('/parties/')) {
      return (await routeRealtime(request, session.env)) ?? withBookmark(await app.fetch(request, session.env, ctx), session.db);
    }
    return withBookmark(await app.fetch(request, session.env, ctx), session.db);
  },
  // wrangler.toml [triggers]: every minute the alerts outbox relay; at 09:00 IST the daily
  // saved-search digests; at 03:15 IST the consistency check; every 10 minutes ad expiry; hourly, photos never attached to an
  // ad, plans whose period ended, prints for photos stored before them (decision 012), and ended ads
  // to the archive (decision 021)
  scheduled: async (controller, env, ctx) => {
    if (controller.cron === '* * * * *') {
      ctx.waitUntil(relayOutbox(env).then((n) => n && console.log(`alerts outbox relayed: ${n}`)));
      // identifier claims whose account never arrived, a minute after (decision 034; only with several accounts databases)
      ctx.waitUntil(sweepIdentifierClaims(env).then((n) => n && console.log(`unclaimed identifiers swept: ${n}`)));
      // plans bought while there was one accounts database move to their payers' (decision 034; only with several)
      ctx.waitUntil(movePlansToAccounts(env).then((n) => n && console.log(`payers' plans moved to their accounts databases: ${n}`)));
      // sellers' package orders likewise, and any order whose invoice number was taken but whose paying request died before marking it paid (decision 034; only with several)
      ctx.waitUntil(moveSellerOrdersToAccounts(env).then((n) => n && console.log(`seller-package orders moved to their accounts databases: ${n}`)));
      ctx.waitUntil(settleInvoiceNumbers(env).then((n) => n && console.log(`invoice numbers settled on their orders: ${n}`)));
      // their credits with the posting records and promotions that used them (decision 034; only with several)
      ctx.waitUntil(moveSellerCreditsToAccounts(env).then((n) => n && console.log(`sellers' credits and postings moved to their accounts databases: ${n}`)));
      // favourites, cart lines, blocks, sessions and the like written with one accounts database move to their users' (decision 034; only with several)
      ctx.waitUntil(moveUserRowsToAccounts(env).then((n) => n && console.log(`per-user rows moved to their accounts databases: ${n}`)));
      // the core's users rows copied to their accounts databases before and just after the users switch (decision 034; only with several)
      ctx.waitUntil(scheduledUsersCopy(env).then((r) => r && r.written && console.log(`users copied to their accounts databases: ${r.written} of ${r.accounts} read${r.next === null ? ', pass done' : ''}`)));
      // and, once a person has said so (RETIRE_CORE_USERS), the core's rows retired behind the switch (decision 034)
      ctx.waitUntil(scheduledUsersRetire(env).then((r) => r && r.retired && console.log(`core users rows retired (${r.mode}): ${r.retired} of ${r.accounts} read${r.next === null ? ', pass done' : ''}`)));
      // searches saved with one accounts database, with their shared queries and matches, to their buyers' (decision 034; only with several)
      ctx.waitUntil(moveSavedSearchesToAccounts(env).then((n) => n && console.log(`saved searches moved to their accounts databases: ${n}`)));
      // conversations from before the per-member chat list rows get both members' rows (decision 034; only with several)
      ctx.waitUntil(moveChatListsToAccounts(env).then((n) => n && console.log(`chat list rows written for ${n} conversations`)));
      // the conversations' directory rows copied into their buyers' databases (decision 034; only with several)
      ctx.waitUntil(moveChatsToAccounts(env).then((n) => n && console.log(`conversations copied to their buyers' databases: ${n}`)));
      // once that move is over (the switch on, its last pass done) and a person has said so (RETIRE_CORE_CHATS), the core's rows their copies hold leave the core
      ctx.waitUntil(scheduledChatsRemoval(env).then((n) => n && console.log(`conversations removed from the core (their buyers' databases hold them): ${n}`)));
      // sellers' live ads in the other listings databases onto their cards (migration 0049)
      ctx.waitUntil(spreadLiveAds(env).then((n) => n && console.log(`live-ad counts spread: ${n} sellers`)));
      return;
    }
    if (controller.cron === '30 3 * * *') {
      ctx.waitUntil(sendDailyDigests(env).then((n) => console.log(`saved-search digests sent: ${n}`)));
      return;
    }
    // every 10 minutes: sellers reminded before their ads expire, then ads past their expiry leave
    // everything live, in bounded batches (decision 019)
    if (controller.cron === EXPIRY_JOB.cron) {
      ctx.waitUntil(runAdLifecycle(env).then(({ reminded, expired }) => (reminded || expired) && console.log(`ad lifecycle: ${reminded} reminded, ${expired} expired`)));
      return;
    }
    // daily, at night in India: every value kept twice checked against its source and repaired
    // (decision 018), within a time budget; an unfinished run resumes the next night
    if (controller.cron === CONSISTENCY_CRON) {
      ctx.waitUntil(scheduledConsistency(env).then(() => undefined));
      return;
    }
    ctx.waitUntil(cleanupOrphanUploads(env).then((n) => console.log(`orphan uploads removed: ${n}`)));
    ctx.waitUntil(expireSubscriptions(env).then((n) => console.log(`subscriptions expired: ${n}`)));
    ctx.waitUntil(expireFeatured(env).then((n) => console.log(`featured ads ended: ${n}`)));
    ctx.waitUntil(removeUnusedMatchers(env).then((n) => n && console.log(`unused saved queries removed: ${n}`)));
    ctx.waitUntil(fillSavedSearchLinks(env).then((n) => n && console.log(`saved-search links filled: ${n}`)));
    ctx.waitUntil(backfillPhotoPrints(env).then((n) => n && console.log(`photo prints backfilled: ${n}`)));
    // accounts made while there was one accounts database get their identifier directory rows (decision 034), until a pass is done
    ctx.waitUntil(scheduledDirectoryBackfill(env).then((r) => r && console.log(`identifier directory backfill: ${r.accounts} accounts, ${r.written} rows written, ${r.conflicts.length} conflicts${r.next === null ? ', pass done' : ''}`)));
    // expired sessions out, a bounded number a run (decision 020)
    ctx.waitUntil(removeExpiredSessions(env).then((n) => n && console.log(`expired sessions removed: ${n}`)));
    // views older than the stats window into per-ad totals, finished days' viewer rows out (decision 020)
    ctx.waitUntil(rollUpViews(env).then((r) => (r.rolledDays || r.viewerRows) && console.log(`view history: ${r.rolledDays} day rows rolled up, ${r.viewerRows} viewer rows removed`)));
    // chat history D1 held from before the rooms kept it moves into the rooms, a bounded number a run (decision 031)
    ctx.waitUntil(moveChatHistory(env).then((r) => r.rooms && console.log(`chat history moved: ${r.rooms} conversations, ${r.deleted} D1 rows deleted`)));
    // notifications D1 holds move into the users' inbox objects, a bounded number of users a run (decision 032)
    ctx.waitUntil(moveNotifications(env).then((r) => r.users && console.log(`notifications moved: ${r.moved} rows of ${r.users} users`)));
    // ended ads past their retention leave D1 for the R2 archive, a bounded number a run (decision 021)
    // their conversations go with them; those of ads archived before that rule go a bounded number a run
    ctx.waitUntil(
      archiveEndedAds(env)
        .then((n) => n && console.log(`ended ads archived: ${n}`))
        .then(() => retireEarlierArchivedChats(env, EARLIER_ARCHIVED_CHATS_PER_RUN))
        .then((n) => n && console.log(`conversations of earlier archived ads removed: ${n}`))
        // rooms of conversations archived before rooms kept their own due time arm their alarm, a bounded number a run
        .then(() => armArchivedRooms(env))
        .then((r) => r.armed && console.log(`archived chat rooms armed for removal: ${r.armed}`)),
    );
  },
  // listing events → saved-search alerts and price drops (decision 009); the dead-letter queue logs what gave up
  queue: async (batch, env) => {
    if (batch.queue === 'sel-alerts-dlq') return handleDeadLetters(batch as MessageBatch<AlertMessage>);
    return handleAlertBatch(batch as MessageBatch<AlertMessage>, env);
  },
} satisfies ExportedHandler<Env>;
