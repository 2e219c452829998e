import { numeric } from 'drizzle-orm/pg-core';

/**
 * Money: an exact decimal in dollars and cents, summed in SQL (DESIGN §5). A NULL means "not
 * reported", never zero. Sums of many rows take a wider precision.
 */
export const money = (name: string, precision: 16 | 18 = 16) => numeric(name, { precision, scale: 2 });
