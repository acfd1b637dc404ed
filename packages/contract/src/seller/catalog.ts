/**
 * The back office's catalog: batches (dates, sessions, seats, open or
 * closed), workshop prices per currency, and discount codes. Amounts are
 * integer minor units; times of day are Pacific wall-clock times (see
 * ../sessions.ts); instants are ISO 8601 with an offset.
 */
import { z } from 'zod/mini';
import { batchIdSchema, productSkuSchema } from '../catalog';
import { currencySchema } from '../money-schemas';
import {
  regionSchema,
  SESSIONS_PER_BATCH,
  sessionMinutesSchema,
  findSessionProblems,
  wallClockSchema,
} from '../sessions';
import { miniText, storableText } from '../text';
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
export const seatCapacitySchema = z.number().check(z.int(), z.gte(0), z.lte(MAX_SEAT_CAPACITY));

/** Ids of batches (and SKUs): letters, digits, `.`, `_`, `-`, as in the catalog file. */
export const CATALOG_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const catalogIdSchema = miniText(
  z.trim(),
  z.regex(CATALOG_ID_PATTERN, '1 to 64 letters, digits, . _ or -'),
);

const batchFields = {
  /** Who the session times suit, e.g. "Americas"; shown in brackets in the description. */
  region: regionSchema,
  sessionStarts: z.array(wallClockSchema).check(z.maxLength(SESSIONS_PER_BATCH * 2)),
  sessionMinutes: sessionMinutesSchema,
  seatCapacity: seatCapacitySchema,
  status: batchStatusSchema,
  note: z.optional(sellerNoteSchema),
};

/** The sessions must make a batch: 15, each a real Pacific time, in order, not overlapping. */
function checkSessions(
  batch: { sessionStarts: string[]; sessionMinutes: number },
  ctx: z.core.$RefinementCtx,
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
  .strictObject(batchFields)
  .check(z.superRefine(checkSessions));
export type SellerBatchUpdateRequest = z.input<typeof sellerBatchUpdateRequestSchema>;

/** POST /api/seller/batches */
export const sellerBatchCreateRequestSchema = z
  .strictObject({ id: catalogIdSchema, workshopSku: productSkuSchema, ...batchFields })
  .check(z.superRefine(checkSessions));
export type SellerBatchCreateRequest = z.input<typeof sellerBatchCreateRequestSchema>;

/** PUT /api/seller/batches/:batchId/status — open or close registration. */
export const sellerBatchStatusRequestSchema = z.strictObject({
  status: batchStatusSchema,
  note: z.optional(sellerNoteSchema),
});
export type SellerBatchStatusRequest = z.input<typeof sellerBatchStatusRequestSchema>;

export const sellerBatchParamsSchema = z.strictObject({ batchId: batchIdSchema });

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
  sessionMinutes: z.number().check(z.int()),
  seatCapacity: z.number().check(z.int()),
  seats: z.object({
    /** Held by paid orders. */
    sold: z.number().check(z.int()),
    /** Held by orders awaiting payment. */
    held: z.number().check(z.int()),
    /** Everything counted against the capacity (sold, held, and any other hold). */
    taken: z.number().check(z.int()),
    free: z.number().check(z.int()),
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
const withWorkshops = <Shape extends z.core.$ZodShape>(list: Shape) =>
  z.object({ ...list, workshops: z.array(sellerWorkshopSchema) });

/** GET /api/seller/batches: every batch, by first session. */
export const sellerBatchListSchema = withWorkshops({ batches: z.array(sellerBatchSchema) });
export type SellerBatchList = z.infer<typeof sellerBatchListSchema>;

// ── Prices ──────────────────────────────────────────────────────────────────

export const MAX_PRICE_MINOR = 100_000_000;
const priceMinorSchema = z.number().check(z.int(), z.gte(100), z.lte(MAX_PRICE_MINOR));

/** PUT /api/seller/prices/:workshopSku — both currencies, in minor units. */
export const sellerPricesRequestSchema = z.strictObject({
  USD: priceMinorSchema,
  INR: priceMinorSchema,
  note: z.optional(sellerNoteSchema),
});
export type SellerPricesRequest = z.input<typeof sellerPricesRequestSchema>;

export const sellerWorkshopParamsSchema = z.strictObject({ workshopSku: productSkuSchema });

export const sellerWorkshopPricesSchema = z.extend(sellerWorkshopSchema, {
  prices: z.object({
    USD: z.nullable(z.number().check(z.int())),
    INR: z.nullable(z.number().check(z.int())),
  }),
  /** How long an unpaid order keeps its seat and code use. */
  holdHours: z.number().check(z.int()),
});
export type SellerWorkshopPrices = z.infer<typeof sellerWorkshopPricesSchema>;

/** The bounds of an unpaid order's hold: long enough to pay by invoice, short enough not to hoard. */
export const HOLD_HOURS = { min: 1, max: 168, default: 72 } as const;

/** PUT /api/seller/prices/:workshopSku/hold */
export const sellerHoldRequestSchema = z.strictObject({
  holdHours: z
    .number()
    .check(
      z.int('Whole hours only'),
      z.gte(HOLD_HOURS.min, `At least ${HOLD_HOURS.min} hour`),
      z.lte(HOLD_HOURS.max, `At most ${HOLD_HOURS.max} hours (a week)`),
    ),
  note: z.optional(sellerNoteSchema),
});
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
export const discountCodeSchema = z.pipe(
  miniText(z.trim(), z.regex(DISCOUNT_CODE_PATTERN, '3 to 32 letters, digits, _ or -')),
  z.transform((code: string) => code.toUpperCase()),
);

const instantSchema = z.iso.datetime({ offset: true }).check(storableText);

const discountFields = {
  /** 1 to 99: a code never makes a seat free. */
  percent: z.number().check(z.int(), z.gte(1), z.lte(99)),
  /** Only for this workshop; null for every workshop. */
  workshopSku: z.nullable(productSkuSchema),
  validFrom: z.nullable(instantSchema),
  /** Exclusive: the code stops working at this instant. */
  validUntil: z.nullable(instantSchema),
  /** null: no limit. */
  maxUses: z.nullable(z.number().check(z.int(), z.gte(1), z.lte(1_000_000))),
  note: z.optional(sellerNoteSchema),
};

function checkValidity(
  code: { validFrom: string | null; validUntil: string | null },
  ctx: z.core.$RefinementCtx,
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
  .strictObject({ code: discountCodeSchema, ...discountFields })
  .check(z.superRefine(checkValidity));
export type SellerDiscountCodeCreateRequest = z.input<typeof sellerDiscountCodeCreateRequestSchema>;

/** PUT /api/seller/discount-codes/:code — every field but the code itself. */
export const sellerDiscountCodeUpdateRequestSchema = z
  .strictObject(discountFields)
  .check(z.superRefine(checkValidity));
export type SellerDiscountCodeUpdateRequest = z.input<typeof sellerDiscountCodeUpdateRequestSchema>;

export const discountCodeStateSchema = z.enum(['active', 'disabled']);

/** PUT /api/seller/discount-codes/:code/state — disable a code, or enable it again. */
export const sellerDiscountCodeStateRequestSchema = z.strictObject({
  state: discountCodeStateSchema,
  note: z.optional(sellerNoteSchema),
});
export type SellerDiscountCodeStateRequest = z.input<typeof sellerDiscountCodeStateRequestSchema>;

export const sellerDiscountCodeParamsSchema = z.strictObject({ code: discountCodeSchema });

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
  percent: z.number().check(z.int()),
  workshopSku: z.nullable(z.string()),
  validFrom: z.nullable(z.string()),
  validUntil: z.nullable(z.string()),
  maxUses: z.nullable(z.number().check(z.int())),
  /** Orders holding or having used the code (an unpaid order gives its use back when it expires). */
  uses: z.number().check(z.int()),
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
