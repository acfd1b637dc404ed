/** The waitlist section's calls: each batch's counts, one batch's line, taking a place off it. */
import {
  sellerWaitlistBatchesResponseSchema,
  sellerWaitlistPageSchema,
  sellerWaitlistPath,
  sellerWaitlistRemoveResponseSchema,
  sellerWaitlistRoutes,
} from '@wifi7/contract';
import { sellerGet, sellerPost } from '../shell/seller-api';

export function fetchWaitlistBatches() {
  return sellerGet(sellerWaitlistRoutes.batches, sellerWaitlistBatchesResponseSchema);
}

export function fetchWaitlistPlaces(batchId: string, page: number, pageSize: number) {
  return sellerGet(
    sellerWaitlistPath(sellerWaitlistRoutes.batch, batchId),
    sellerWaitlistPageSchema,
    { page, pageSize },
  );
}

export function removeWaitlistPlace(
  placeId: number,
  body: { idempotencyKey: string; note?: string },
) {
  return sellerPost(
    sellerWaitlistPath(sellerWaitlistRoutes.remove, String(placeId)),
    body,
    sellerWaitlistRemoveResponseSchema,
  );
}
