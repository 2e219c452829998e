import {
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { money } from './columns.ts';
import { carriers } from './dimensions.ts';
import { agencies } from './tenancy.ts';

/**
 * An agency's growth plan for a year (spec part 2 §3 "Plan": name, year); one per agency and year,
 * the year's active plan. `version` counts saves, so an edit made on a stale copy is refused
 * rather than overwriting someone else's.
 */
export const growthPlans = pgTable(
  'growth_plans',
  {
    agencyUuid: uuid('agency_uuid')
      .notNull()
      .references(() => agencies.uuid),
    uuid: uuid('uuid').notNull().defaultRandom(),
    networkUuid: uuid('network_uuid').notNull(),
    name: text('name').notNull(),
    year: integer('year').notNull(),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyUuid, t.uuid] }),
    uniqueIndex('growth_plans_uuid_uidx').on(t.uuid),
    uniqueIndex('growth_plans_agency_year_uidx').on(t.agencyUuid, t.year),
  ],
);

/**
 * A plan's figures per carrier and line (spec part 2 §3 "Plan data per carrier and line"): the
 * prior-year written premium and the percentages the agency sets. The goals (wpGoalPlan,
 * apNewBusiness, apPercentNewToBook) follow from them in `shared/domain/growth-plan.ts` and are not
 * stored, so they can never disagree with their inputs.
 */
export const growthPlanRows = pgTable(
  'growth_plan_rows',
  {
    agencyUuid: uuid('agency_uuid').notNull(),
    planUuid: uuid('plan_uuid').notNull(),
    carrierUuid: uuid('carrier_uuid')
      .notNull()
      .references(() => carriers.uuid),
    lineCode: text('line_code', { enum: ['PL', 'CL', 'BOND', 'CROP'] }).notNull(),
    priorWrittenPremium: money('prior_written_premium').notNull(),
    /** Percentages with two decimals: 10.50 is 10.5 %. */
    growthGoal: numeric('growth_goal', { precision: 7, scale: 2 }).notNull(),
    rate: numeric('rate', { precision: 7, scale: 2 }).notNull(),
    retention: numeric('retention', { precision: 7, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyUuid, t.planUuid, t.carrierUuid, t.lineCode] }),
    index('growth_plan_rows_plan_idx').on(t.planUuid),
    foreignKey({
      name: 'growth_plan_rows_plan_fk',
      columns: [t.agencyUuid, t.planUuid],
      foreignColumns: [growthPlans.agencyUuid, growthPlans.uuid],
    }).onDelete('cascade'),
    check('growth_plan_rows_retention_range', sql`${t.retention} between 0 and 100`),
  ],
);
