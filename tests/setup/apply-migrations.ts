import { env } from 'cloudflare:workers';
import { migrate } from './databases';

// One database: the core holds the listings too.
await migrate([env.DB]);
