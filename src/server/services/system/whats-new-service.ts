import { desc } from 'drizzle-orm';
import type { WhatsNewResponse } from '#shared/contracts/whats-new.ts';
import type { Db } from '#server/db/client.ts';
import { whatsNewEntries } from '#server/db/schema/access.ts';

/** The latest product news, newest first. */
export function listWhatsNew(db: Db): Promise<WhatsNewResponse['entries']> {
  return db
    .select({
      id: whatsNewEntries.id,
      publishedOn: whatsNewEntries.publishedOn,
      title: whatsNewEntries.title,
      body: whatsNewEntries.body,
    })
    .from(whatsNewEntries)
    .orderBy(desc(whatsNewEntries.publishedOn))
    .limit(20);
}
