import { asc } from 'drizzle-orm';
import type { LineOfBusinessNode } from '#shared/contracts/lines-of-business.ts';
import type { Db } from '#server/db/client.ts';
import { linesOfBusiness } from '#server/db/schema/dimensions.ts';

/** The whole line-of-business tree, children in their display order. */
export async function loadLineOfBusinessTree(db: Db): Promise<LineOfBusinessNode[]> {
  const rows = await db
    .select({
      uuid: linesOfBusiness.uuid,
      code: linesOfBusiness.code,
      name: linesOfBusiness.name,
      parentUuid: linesOfBusiness.parentUuid,
      classificationUuid: linesOfBusiness.classificationUuid,
    })
    .from(linesOfBusiness)
    .orderBy(asc(linesOfBusiness.level), asc(linesOfBusiness.sortOrder), asc(linesOfBusiness.name));
  const nodes = new Map(rows.map((row) => [row.uuid, { ...row, children: [] as LineOfBusinessNode[] }]));
  const roots: LineOfBusinessNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentUuid ? nodes.get(node.parentUuid) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
