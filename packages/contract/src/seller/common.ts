/**
 * What every back-office (seller) call shares: its paths live under
 * /api/seller/, lists are paged by cursor-less page numbers, and every
 * action is recorded in the audit log.
 */
import { z } from 'zod';
import { text } from '../classic-text';

export const sellerApiRoutes = {
  audit: '/api/seller/audit',
} as const;

/** `?page=1&pageSize=50` on every list; pages count from 1. */
export const pagingSchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type Paging = z.input<typeof pagingSchema>;

/** A page of a list and how many items the whole list has. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

/** Why a seller did something, kept in the audit log (optional, short). */
export const sellerNoteSchema = text().trim().max(500);

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  sellerEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  note: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = pagingSchema
  .extend({
    targetType: text().max(40).optional(),
    targetId: text().max(100).optional(),
  })
  .strict();
export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
