import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { suggestions, suggestQuery } from '../schemas/search';
import { suggest } from '../services/search/suggest';

export const searchRoutes = new Hono<AppEnv>().get(
  '/suggest',
  docs({
    tags: ['Listings'],
    summary: 'Suggestions as you type',
    description:
      'Completions of what the buyer has typed so far: where it lives ("iphone" in Smartphones) and the commonest ways live ads begin with it ("iPhone 13"), typo-tolerant (one edit from 4 letters, two from 8) and aware of Hindi and Hinglish words. Answered from memory; cacheable for 5 minutes. An empty q gives no suggestions.',
    data: suggestions,
  }),
  validate('query', suggestQuery),
  async (c) => {
    const { q, limit } = c.req.valid('query');
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ success: true as const, data: { suggestions: q ? await suggest(c.env, q, limit) : [] } });
  },
);
