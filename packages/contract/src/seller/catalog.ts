/**
 * The back office's catalog: batches (dates, sessions, seats, open or
 * closed), workshop prices per currency, and discount codes. Amounts are
 * integer minor units; times of day are Pacific wall-clock times (see
 * ../sessions.ts); instants are ISO 8601 with an offset.
 */
import { z } from 'zod';
import { batchIdSchema, productSkuSchema } from '../catalog';
import { currencySchema } from '../money-schemas';
import {
  regionSchema,
  SESSIONS_PER_BATCH,
  sessionMinutesSchema,
  findSessionProblems,
  wallClockSchema,
} from '../sessions';
import { text } from '../classic-text';
import { storableText } from '../text';
import { sellerNoteSchema } from './common';

export const sellerCatalogRoutes = {
  batches: '/api/seller/batches',
  batch: '/api/seller/batches/:batchId',
  batchStatus: '/api/seller/batches/:batchId/status',
  prices: '/api/seller/prices',
  workshopPrices: '/api/seller/prices/:workshopSku',
  /** How long an unpaid order of the workshop keeps its seat. */
  workshopHold: '/api/seller/prices/:workshopSku/hold',
  discountCodes: '/api/seller/discount-codes',
  discountCode: '/api/seller/discount-codes/:code',
  discountCodeState: '/api/seller/discount-codes/:code/state',
} as const;

/** A path of `sellerCatalogRoutes` with its parameter filled in. */
export function sellerCatalogPath(
  route: (typeof sellerCatalogRoutes)[keyof typeof sellerCatalogRoutes],
  parameter: string,
): string {
  return route.replace(/:\w+/, encodeURIComponent(parameter));
}

// ── Batches ─────────────────────────────────────────────────────────────────

export const batchStatusSchema = z.enum(['open', 'closed']);
export type BatchStatus = z.infer<typeof batchStatusSchema>;

export const MAX_SEAT_CAPACITY = 10_000;
export const seatCapacitySchema = z.number().int().min(0).max(MAX_SEAT_CAPACITY);

/** Ids of batches (and SKUs): letters, digits, `.`, `_`, `-`, as in the catalog file. */
export const CATALOG_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const catalogIdSchema = text()
  .trim()
  .regex(CATALOG_ID_PATTERN, '1 to 64 letters, digits, . _ or -');

const batchFields = {
  /** Who the session times suit, e.g. "Americas"; shown in brackets in the description. */
  region: regionSchema,
  sessionStarts: z.array(wallClockSchema).max(SESSIONS_PER_BATCH * 2),
  sessionMinutes: sessionMinutesSchema,
  seatCapacity: seatCapacitySchema,
  status: batchStatusSchema,
  note: sellerNoteSchema.optional(),
};

/** The sessions must make a batch: 15, each a real Pacific time, in order, not overlapping. */
function checkSessions(
  batch: { sessionStarts: string[]; sessionMinutes: number },
  ctx: z.RefinementCtx,
) {
  for (const problem of findSessionProblems(batch.sessionStarts, batch.sessionMinutes)) {
    ctx.addIssue({
      code: 'custom',
      path: problem.index === null ? ['sessionStarts'] : ['sessionStarts', problem.index],
      message: problem.message,
    });
  }
}

/** PUT /api/seller/batches/:batchId — the description is composed from the region and sessions. */
export const sellerBatchUpdateRequestSchema = z
  .object(batchFields)
  .strict()
  .superRefine(checkSessions);
export type SellerBatchUpdateRequest = z.input<typeof sellerBatchUpdateRequestSchema>;

/** POST /api/seller/batches */
export const sellerBatchCreateRequestSchema = z
  .object({ id: catalogIdSchema, workshopSku: productSkuSchema, ...batchFields })
  .strict()
  .superRefine(checkSessions);
export type SellerBatchCreateRequest = z.input<typeof sellerBatchCreateRequestSchema>;

/** PUT /api/seller/batches/:batchId/status — open or close registration. */
export const sellerBatchStatusRequestSchema = z
  .object({ status: batchStatusSchema, note: sellerNoteSchema.optional() })
  .strict();
export type SellerBatchStatusRequest = z.input<typeof sellerBatchStatusRequestSchema>;

export const sellerBatchParamsSchema = z.object({ batchId: batchIdSchema }).strict();

export const sellerBatchSchema = z.object({
  id: z.string(),
  workshopSku: z.string(),
  workshopName: z.string(),
  /** "dates (region) -- timing", as the buyers' page shows it. */
  description: z.string(),
  region: z.string(),
  /** The first session's date. */
  startsOn: z.string(),
  /** Pacific wall-clock times; empty for a batch whose sessions were never set. */
  sessionStarts: z.array(z.string()),
  sessionMinutes: z.number().int(),
  seatCapacity: z.number().int(),
  seats: z.object({
    /** Held by paid orders. */
    sold: z.number().int(),
    /** Held by orders awaiting payment. */
    held: z.number().int(),
    /** Everything counted against the capacity (sold, held, and any other hold). */
    taken: z.number().int(),
    free: z.number().int(),
  }),
  status: batchStatusSchema,
  updatedAt: z.string(),
});
export type SellerBatch = z.infer<typeof sellerBatchSchema>;

export const sellerWorkshopSchema = z.object({
  sku: z.string(),
  name: z.string(),
  active: z.boolean(),
});
export type SellerWorkshop = z.infer<typeof sellerWorkshopSchema>;

/** A list of the catalog's things, with the workshops a form offers to choose from. */
const withWorkshops = <Shape extends z.ZodRawShape>(list: Shape) =>
  z.object({ ...list, workshops: z.array(sellerWorkshopSchema) });

/** GET /api/seller/batches: every batch, by first session. */
export const sellerBatchListSchema = withWorkshops({ batches: z.array(sellerBatchSchema) });
export type SellerBatchList = z.infer<typeof sellerBatchListSchema>;

// ── Prices ──────────────────────────────────────────────────────────────────

export const MAX_PRICE_MINOR = 100_000_000;
const priceMinorSchema = z.number().int().min(100).max(MAX_PRICE_MINOR);

/** PUT /api/seller/prices/:workshopSku — both currencies, in minor units. */
export const sellerPricesRequestSchema = z
  .object({ USD: priceMinorSchema, INR: priceMinorSchema, note: sellerNoteSchema.optional() })
  .strict();
export type SellerPricesRequest = z.input<typeof sellerPricesRequestSchema>;

export const sellerWorkshopParamsSchema = z.object({ workshopSku: productSkuSchema }).strict();

export const sellerWorkshopPricesSchema = sellerWorkshopSchema.extend({
  prices: z.object({ USD: z.number().int().nullable(), INR: z.number().int().nullable() }),
  /** How long an unpaid order keeps its seat and code use. */
  holdHours: z.number().int(),
});
export type SellerWorkshopPrices = z.infer<typeof sellerWorkshopPricesSchema>;

/** The bounds of an unpaid order's hold: long enough to pay by invoice, short enough not to hoard. */
export const HOLD_HOURS = { min: 1, max: 168, default: 72 } as const;

/** PUT /api/seller/prices/:workshopSku/hold */
export const sellerHoldRequestSchema = z
  .object({
    holdHours: z
      .number()
      .int('Whole hours only')
      .min(HOLD_HOURS.min, `At least ${HOLD_HOURS.min} hour`)
      .max(HOLD_HOURS.max, `At most ${HOLD_HOURS.max} hours (a week)`),
    note: sellerNoteSchema.optional(),
  })
  .strict();
export type SellerHoldRequest = z.input<typeof sellerHoldRequestSchema>;

/** GET /api/seller/prices */
export const sellerPriceListSchema = z.object({
  workshops: z.array(sellerWorkshopPricesSchema),
  currencies: z.array(currencySchema),
});
export type SellerPriceList = z.infer<typeof sellerPriceListSchema>;

// ── Discount codes ──────────────────────────────────────────────────────────

export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
/** Buyers may type a code in any case; it is stored upper-case. */
export const discountCodeSchema = text()
  .trim()
  .regex(DISCOUNT_CODE_PATTERN, '3 to 32 letters, digits, _ or -')
  .transform((code) => code.toUpperCase());

const instantSchema = z.iso.datetime({ offset: true }).check(storableText);

const discountFields = {
  /** 1 to 99: a code never makes a seat free. */
  percent: z.number().int().min(1).max(99),
  /** Only for this workshop; null for every workshop. */
  workshopSku: z.nullable(productSkuSchema),
  validFrom: instantSchema.nullable(),
  /** Exclusive: the code stops working at this instant. */
  validUntil: instantSchema.nullable(),
  /** null: no limit. */
  maxUses: z.number().int().min(1).max(1_000_000).nullable(),
  note: sellerNoteSchema.optional(),
};

function checkValidity(
  code: { validFrom: string | null; validUntil: string | null },
  ctx: z.RefinementCtx,
) {
  if (
    code.validFrom &&
    code.validUntil &&
    Date.parse(code.validFrom) >= Date.parse(code.validUntil)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['validUntil'],
      message: 'The code must stop working after it starts working.',
    });
  }
}

/** POST /api/seller/discount-codes */
export const sellerDiscountCodeCreateRequestSchema = z
  .object({ code: discountCodeSchema, ...discountFields })
  .strict()
  .superRefine(checkValidity);
export type SellerDiscountCodeCreateRequest = z.input<typeof sellerDiscountCodeCreateRequestSchema>;

/** PUT /api/seller/discount-codes/:code — every field but the code itself. */
export const sellerDiscountCodeUpdateRequestSchema = z
  .object(discountFields)
  .strict()
  .superRefine(checkValidity);
export type SellerDiscountCodeUpdateRequest = z.input<typeof sellerDiscountCodeUpdateRequestSchema>;

export const discountCodeStateSchema = z.enum(['active', 'disabled']);

/** PUT /api/seller/discount-codes/:code/state — disable a code, or enable it again. */
export const sellerDiscountCodeStateRequestSchema = z
  .object({ state: discountCodeStateSchema, note: sellerNoteSchema.optional() })
  .strict();
export type SellerDiscountCodeStateRequest = z.input<typeof sellerDiscountCodeStateRequestSchema>;

export const sellerDiscountCodeParamsSchema = z.object({ code: discountCodeSchema }).strict();

/** Whether buyers can use the code now, and if not, why. */
export const discountAvailabilitySchema = z.enum([
  'usable',
  'disabled',
  'not-yet-valid',
  'expired',
  'used-up',
]);
export type DiscountAvailability = z.infer<typeof discountAvailabilitySchema>;

export const sellerDiscountCodeSchema = z.object({
  code: z.string(),
  percent: z.number().int(),
  workshopSku: z.string().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  /** Orders holding or having used the code (an unpaid order gives its use back when it expires). */
  uses: z.number().int(),
  active: z.boolean(),
  availability: discountAvailabilitySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SellerDiscountCode = z.infer<typeof sellerDiscountCodeSchema>;

/** GET /api/seller/discount-codes */
export const sellerDiscountCodeListSchema = withWorkshops({
  codes: z.array(sellerDiscountCodeSchema),
});
export type SellerDiscountCodeList = z.infer<typeof sellerDiscountCodeListSchema>;
