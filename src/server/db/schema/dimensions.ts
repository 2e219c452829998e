import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Carriers and wholesalers (MGAs): a global dimension shared by every tenant. The flags drive the
 * carrier composite filters of the reports.
 */
export const carriers = pgTable(
  'carriers',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    isCoreCarrier: boolean('is_core_carrier').notNull().default(false),
    isMga: boolean('is_mga').notNull().default(false),
    isCrop: boolean('is_crop').notNull().default(false),
    isFlood: boolean('is_flood').notNull().default(false),
    isSurety: boolean('is_surety').notNull().default(false),
    isWorkersComp: boolean('is_workers_comp').notNull().default(false),
    isStandard: boolean('is_standard').notNull().default(true),
  },
  (t) => [uniqueIndex('carriers_name_uidx').on(t.name)],
);

/** A classification scheme for lines of business (the standard one is the only one so far). */
export const classifications = pgTable('classifications', {
  uuid: uuid('uuid').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

/**
 * The line-of-business tree: P&C (total) at the root, the broad lines PL, CL, BOND and CROP under it,
 * and standard types (personal auto, homeowners, ...) under those.
 */
export const linesOfBusiness = pgTable(
  'lines_of_business',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    classificationUuid: uuid('classification_uuid')
      .notNull()
      .references(() => classifications.uuid),
    parentUuid: uuid('parent_uuid'),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 0 = total (P&C), 1 = broad line, 2 = standard type. */
    level: integer('level').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('lines_of_business_code_uidx').on(t.classificationUuid, t.code),
    index('lines_of_business_parent_idx').on(t.parentUuid),
  ],
);
