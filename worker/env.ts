import type { ChatRoomContract, RateLimiterContract, UserInboxContract, ViewCounterContract } from './durable-object-contracts';
import type { EarlyPhoneAd } from './services/commerce/premium';

/** Bindings and vars of the worker (see wrangler.toml). Secrets are optional: absent locally. */
export interface Env {
  /** the core database (accounts, orders, conversations, …); with one listings database, the listings too */
  DB: D1Database;
  /**
   * How many listings databases (decision 033, worker/db/shards.ts): unset or "1" keeps listings in
   * DB; "4" or "10" spreads them over LISTINGS_0 … LISTINGS_{N-1} by groups of states.
   */
  LISTING_DATABASES?: string;
  LISTINGS_0?: D1Database;
  LISTINGS_1?: D1Database;
  LISTINGS_2?: D1Database;
  LISTINGS_3?: D1Database;
  LISTINGS_4?: D1Database;
  LISTINGS_5?: D1Database;
  LISTINGS_6?: D1Database;
  LISTINGS_7?: D1Database;
  LISTINGS_8?: D1Database;
  LISTINGS_9?: D1Database;
  /**
   * How many accounts databases (decision 034, worker/db/accounts.ts): unset or "1" keeps every
   * account's rows in DB; "4" or "15" puts each user's rows of the moved tables (ACCOUNT_TABLES)
   * in ACCOUNTS_0 … ACCOUNTS_{N-1}, by the group their id names.
   */
  ACCOUNTS_DATABASES?: string;
  [accountsDatabase: `ACCOUNTS_${number}`]: D1Database | undefined;
  /**
   * "1" once `users` has moved to the accounts databases (worker/db/users.ts, decision 034): each
   * account's row is then read and written in its own accounts database. Unset until the rows are copied.
   */
  USERS_WITH_ACCOUNTS?: string;
  /**
   * "1" once every conversation's members have their chat list rows in their accounts databases (the
   * move's pass is done, worker/services/chat/chat-members.ts, decision 034): the chat list is then read
   * from the member's own database. The rows are written whenever the accounts are split.
   */
  CHAT_LIST_WITH_ACCOUNTS?: string;
  /**
   * "1" once every conversation's directory row (`chats`) has been copied into its buyer's accounts
   * database (the move's pass is done, worker/db/chats.ts, decision 034): the row is then read and
   * written there. Takes effect only with CHAT_LIST_WITH_ACCOUNTS on and several accounts databases.
   */
  CHATS_WITH_ACCOUNTS?: string;
  /**
   * "1": a person's go-ahead to retire the core's `users` rows once the users switch is on (decision 034,
   * worker/services/accounts/users-retire.ts): the every-minute job then deletes them (clears their
   * private columns with one listings database), batch by batch, over copies at least as new. Unset,
   * the core's rows stay as the way back.
   */
  RETIRE_CORE_USERS?: string;
  /** `1`: a person's go-ahead for the every-minute job to remove the core's conversation rows once their buyers' databases hold them (decision 034) */
  RETIRE_CORE_CHATS?: string;
  MEDIA: R2Bucket;
  CACHE: KVNamespace;
  /** the running Worker version (its id changes with every deploy); optional for callers without it */
  CF_VERSION_METADATA?: WorkerVersionMetadata;
  /** resizing for photo variants; optional so a missing binding only means full-size photos */
  IMAGES?: ImagesBinding;
  ASSETS?: Fetcher;
  RATE_LIMITER: DurableObjectNamespace<RateLimiterContract>;
  ChatRoom: DurableObjectNamespace<ChatRoomContract>;
  UserInbox: DurableObjectNamespace<UserInboxContract>;
  /** ad views, counted per listings database and written to D1 in batches (decision 020) */
  VIEW_COUNTER: DurableObjectNamespace<ViewCounterContract>;
  /** listing events (outbox relay) → the saved-search and price-drop consumer (decision 009) */
  ALERTS_QUEUE: Queue<AlertMessage>;
  APP_NAME: string;
  JWT_ISSUER: string;
  JWT_AUDIENCE: string;
  DEV_OUTBOX?: string;
  /**
   * "off" turns the guest edge cache off (worker/lib/edge-cache.ts); on when unset. "measure" (the
   * page-cache bench only; the deploy guard refuses it) also lets a request with
   * `X-Edge-Cache: bypass` skip the lookup, to time renders.
   */
  EDGE_CACHE?: string;
  JWT_SECRET?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  RAZORPAY_KEY_ID?: string;
  RAZORPAY_KEY_SECRET?: string;
  RAZORPAY_WEBHOOK_SECRET?: string;
  /** "1" turns on the local test checkout when no Razorpay keys are set (npm start and tests only; `npm run deploy` refuses it) */
  PAYMENTS_LOCAL_CHECKOUT?: string;
  /** set to use a real SMS gateway; without it messages go to the dev outbox (DEV_OUTBOX=true) */
  /** direct-to-R2 uploads (presigned PUT): the S3 endpoint ("local" = wrangler's local one) and keys */
  R2_S3_ENDPOINT?: string;
  R2_ACCESS_KEY_ID?: string;
  R2_SECRET_ACCESS_KEY?: string;
  R2_BUCKET_NAME?: string;
  SMS_PROVIDER_URL?: string;
  /** Web Push (VAPID, RFC 8292): the P-256 key pair as base64url (public: 65-byte point, private: 32-byte scalar) and a contact */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  SMS_PROVIDER_TOKEN?: string;
  /** set to send e-mail (saved-search digests) through a provider; without it, the dev outbox */
  EMAIL_PROVIDER_URL?: string;
  EMAIL_PROVIDER_TOKEN?: string;
  /** Tax invoices (decision 015): who issues them (wrangler.toml [vars]; sample defaults in worker/services/commerce/invoices.ts). The GSTIN's first two digits are the supplier's state. */
  SUPPLIER_NAME?: string;
  SUPPLIER_ADDRESS?: string;
  SUPPLIER_GSTIN?: string;
  /** seconds a search dictionary may be reused after listings changed (default 600; tests use 0) */
  SEARCH_DICTIONARY_MAX_AGE?: string;
}

/** One outbox event on the alerts queue: the consumer reads the rest from D1. */
export interface AlertMessage {
  eventId: string;
}

export interface AuthUser {
  id: string;
  sessionId: string;
}

export type AppEnv = {
  Bindings: Env;
  Variables: {
    user?: AuthUser;
    /** a read of public data a route asked to start beside a write's account check (worker/lib/auth.ts), given the token's user id */
    besideAccountCheck?: (userId: string) => void;
    /** the ad behind a phone number, read beside the buyer's account check (worker/routes/premium.ts) */
    phoneAd?: EarlyPhoneAd;
    /**
     * The staff check of a moderators' read that started its first database read beside it
     * (worker/lib/auth.ts `requireRole`): the handler waits for it before reading anything more.
     */
    roleChecked?: Promise<void>;
  };
};
