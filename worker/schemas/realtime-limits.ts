/**
 * Limits on the live sockets and on Web Push, per user and per socket (decision 002, addendum
 * "limits per user and per socket"). Reviewed data, free of server imports so the web client can
 * read the close code: change a value here and in worker/schemas/realtime-limits.test.ts.
 */

/**
 * Typing events (typing_start / typing_stop) one chat socket may have delivered per window. The web
 * client sends a start on the first keystroke, repeats it every 3 s while typing goes on and a stop
 * after 1 s without a keystroke (web/src/features/chat/use-chat-room.ts): at most about two events a
 * second for someone who types in short bursts. Extra events are dropped silently, except that a
 * stop after a delivered start always passes, so the other side's indicator never hangs.
 */
export const TYPING_LIMIT = { events: 10, windowMs: 5_000 } as const;

/**
 * Browsers (push subscriptions) one account keeps. A phone, a laptop and a few shared or replaced
 * devices fit easily; past the cap the subscription used longest ago is dropped (a browser the user
 * stopped using), so subscribing a new browser always works.
 */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 20;

/** Open inbox sockets (tabs, across all devices) per user; one more is refused, not an older one closed. */
export const MAX_INBOX_SOCKETS_PER_USER = 20;

/** Open sockets of one member in one chat room (tabs with that conversation open). */
export const MAX_ROOM_SOCKETS_PER_MEMBER = 10;

/**
 * Close code of a socket refused because its user has too many open (4000–4999 are the
 * application's). The client does not reconnect on it by itself: it falls back to REST polling, and
 * tries again when the tab comes back to the front.
 */
export const TOO_MANY_SOCKETS_CLOSE_CODE = 4008;
