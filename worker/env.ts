/** Bindings and vars of the worker (see wrangler.toml). Secrets are optional: absent locally. */
export interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  CACHE: KVNamespace;
  ASSETS?: Fetcher;
  APP_NAME: string;
  JWT_ISSUER: string;
  JWT_AUDIENCE: string;
  DEV_OUTBOX?: string;
  JWT_SECRET?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  RAZORPAY_KEY_ID?: string;
  RAZORPAY_KEY_SECRET?: string;
  RAZORPAY_WEBHOOK_SECRET?: string;
}

export type AppEnv = { Bindings: Env; Variables: { requestId: string } };
