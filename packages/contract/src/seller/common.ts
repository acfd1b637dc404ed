/**
 * What every back-office (seller) call shares: its paths live under
 * /api/seller/, lists are paged by cursor-less page numbers, and every
 * action is recorded in the audit log.
 */
import { z } from 'zod/mini';
import { miniText } from '../text';

export const sellerApiRoutes = {
  audit: '/api/seller/audit',
} as const;

/** `?page=1&pageSize=50` on every list; pages count from 1. */
export const pagingSchema = z.strictObject({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
});
export type Paging = z.input<typeof pagingSchema>;

/** A page of a list and how many items the whole list has. */
export function pageOf<T extends z.core.SomeType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().check(z.int()),
    pageSize: z.number().check(z.int()),
    total: z.number().check(z.int()),
  });
}

/** Why a seller did something, kept in the audit log (optional, short). */
export const sellerNoteSchema = miniText(z.trim(), z.maxLength(500));

export const auditEntrySchema = z.object({
  id: z.number().check(z.int()),
  at: z.string(),
  sellerEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
  note: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.extend(pagingSchema, {
  targetType: z.optional(miniText(z.maxLength(40))),
  targetId: z.optional(miniText(z.maxLength(100))),
});
export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
