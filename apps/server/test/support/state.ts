/**
 * What a refused request must leave as it was: the rows of every table a
 * request can write, the seats taken and the discount-code uses held, and
 * the requests the provider emulators have received.
 */
import type { Emulators } from '@wifi7/emulators';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import {
  appliedDiscounts,
  batches,
  discountCodes,
  handoffAttempts,
  leads,
  orderEvents,
  orders,
  paymentEvents,
  portalHandoffs,
  zohoContacts,
} from '../../src/db/schema';

const counted = {
  orders,
  order_events: orderEvents,
  payment_events: paymentEvents,
  zoho_contacts: zohoContacts,
  applied_discounts: appliedDiscounts,
  leads,
  portal_handoffs: portalHandoffs,
  handoff_attempts: handoffAttempts,
};

export type StateSnapshot = Record<string, number>;

export async function stateSnapshot(db: Database, emulators?: Emulators): Promise<StateSnapshot> {
  const snapshot: StateSnapshot = {};
  for (const [name, table] of Object.entries(counted)) snapshot[name] = await db.$count(table);
  const [seats] = await db
    .select({ taken: sql<number>`coalesce(sum(${batches.seatsTaken}), 0)::int` })
    .from(batches);
  const [uses] = await db
    .select({ held: sql<number>`coalesce(sum(${discountCodes.uses}), 0)::int` })
    .from(discountCodes);
  snapshot['batches.seats_taken'] = Number(seats?.taken ?? 0);
  snapshot['discount_codes.uses'] = Number(uses?.held ?? 0);
  if (emulators) {
    snapshot['paypal requests'] = emulators.paypal.requests.list().length;
    snapshot['zoho requests'] = emulators.zoho.requests.list().length;
    snapshot['portal requests'] = emulators.portal.state.listRequests().length;
  }
  return snapshot;
}
