/**
 * The message that tells the courses portal to enrol, un-enrol or move a
 * student. It carries its own id, so the portal can drop a repeat.
 */
import {
  formatMinor,
  type HandoffBatch,
  type HandoffKind,
  type HandoffPayload,
} from '@wifi7/contract';
import type { OrderRow } from '../orders/repository';

export type { HandoffBatch, HandoffKind, HandoffPayload };

/**
 * The person a company order's message is about: the attendee holding one
 * of its seats (the buyer of a single-seat order is its student).
 */
export interface SeatHolder {
  student: HandoffPayload['student'];
  seat: { number: number; of: number };
}

export function buildHandoffPayload(
  id: string,
  kind: HandoffKind,
  order: OrderRow,
  occurredAt: Date,
  movedFrom?: HandoffBatch,
  holder?: SeatHolder,
): HandoffPayload {
  return {
    id,
    type: kind,
    occurredAt: occurredAt.toISOString(),
    student: holder?.student ?? {
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
    ...(holder ? { seat: holder.seat, purchaser: order.email } : {}),
  };
}
