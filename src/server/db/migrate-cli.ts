import { loadConfig } from '#server/config.ts';
import { openConfiguredDatabase } from './open.ts';

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.close();
process.stdout.write(`Migrations applied (${database.driver}).\n`);
