/**
 * The currencies and discount percentages on the wire, apart from the
 * money arithmetic (money.ts), which the first page load uses without them.
 */
import { z } from 'zod/mini';

export const currencySchema = z.enum(['USD', 'INR']);
export type Currency = z.infer<typeof currencySchema>;

export const discountPercentSchema = z.number().check(z.int(), z.gte(0), z.lte(100));
