import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardTypesResponseSchema } from '#shared/contracts/lines-of-business.ts';
import { classifications, linesOfBusiness } from '#server/db/schema/dimensions.ts';
import { buildUser } from '#tests/support/factories.ts';
import { createTestApp, signIn, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [classification] = await db
    .insert(classifications)
    .values({ code: 'PC', name: 'Property & Casualty' })
    .returning();
  const line = (values: {
    code: string;
    name: string;
    level: number;
    sortOrder: number;
    parentUuid?: string;
  }) =>
    db
      .insert(linesOfBusiness)
      .values({ classificationUuid: classification!.uuid, ...values })
      .returning()
      .then((rows) => rows[0]!);
  const total = await line({ code: 'P&C', name: 'Total (P&C)', level: 0, sortOrder: 0 });
  const cl = await line({ code: 'CL', name: 'Commercial', level: 1, sortOrder: 2, parentUuid: total.uuid });
  const pl = await line({ code: 'PL', name: 'Personal', level: 1, sortOrder: 1, parentUuid: total.uuid });
  await line({ code: 'HO', name: 'Homeowners', level: 2, sortOrder: 2, parentUuid: pl.uuid });
  await line({ code: 'PA', name: 'Personal Auto', level: 2, sortOrder: 1, parentUuid: pl.uuid });
  await line({ code: 'BOP', name: 'Business Owners', level: 2, sortOrder: 1, parentUuid: cl.uuid });
  cookie = await signIn(t.app, (await buildUser(db)).email);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/mapping/standard-types', () => {
  it('returns the tree with P&C at the root, broad lines and standard types in display order', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/mapping/standard-types',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const { tree } = standardTypesResponseSchema.parse(response.json());
    const codes = (nodes: typeof tree): unknown =>
      nodes.map((n) => (n.children.length ? { [n.code]: codes(n.children) } : n.code));
    expect(codes(tree)).toEqual([{ 'P&C': [{ PL: ['PA', 'HO'] }, { CL: ['BOP'] }] }]);
    expect(tree[0]!.children[0]!.parentUuid).toBe(tree[0]!.uuid);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/mapping/standard-types' })).statusCode).toBe(401);
  });
});
