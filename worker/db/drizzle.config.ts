import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes plain SQL migrations from worker/db/schema.ts into migrations/.
export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/db/schema.ts',
  out: './migrations',
});
