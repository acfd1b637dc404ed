/**
 * The message that tells the courses portal to enrol, un-enrol or move a
 * student. It carries its own id, so the portal can drop a repeat.
 */
import { formatMinor } from '@wifi7/contract';
import type { OrderRow } from '../orders/repository';

export type HandoffKind = 'enrollment.created' | 'enrollment.revoked' | 'enrollment.moved';

/** A batch as the portal knows it. */
export interface HandoffBatch {
  batchId: string;
  batchDescription: string;
}

export interface HandoffPayload {
  id: string;
  type: HandoffKind;
  occurredAt: string;
  student: { email: string; firstName: string; lastName: string };
  workshop: { sku: string; name: string; batchId: string; batchDescription: string };
  order: { id: string; rail: OrderRow['rail']; currency: OrderRow['currency']; total: string };
  /** `enrollment.moved` only: the batch the student leaves; `workshop` names the one they join. */
  movedFrom?: HandoffBatch;
}

export function buildHandoffPayload(
  id: string,
  kind: HandoffKind,
  order: OrderRow,
  occurredAt: Date,
  movedFrom?: HandoffBatch,
): HandoffPayload {
  return {
    id,
    type: kind,
    occurredAt: occurredAt.toISOString(),
    student: {
      email: order.email,
      firstName: order.billing.firstName,
      lastName: order.billing.lastName,
    },
    workshop: {
      sku: order.workshopSku,
      name: order.workshopName,
      batchId: order.batchId,
      batchDescription: order.batchDescription,
    },
    order: {
      id: order.id,
      rail: order.rail,
      currency: order.currency,
      total: formatMinor(order.totalMinor),
    },
    ...(movedFrom ? { movedFrom } : {}),
  };
}
