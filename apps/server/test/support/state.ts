/**
 * What a refused request must leave as it was: the rows of every table a
 * request can write, the seats taken and the discount-code uses held, the
 * catalog and the page content to the letter, and the requests the provider
 * emulators have received.
 */
import type { Emulators } from '@wifi7/emulators';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import {
  appliedDiscounts,
  batches,
  buyerPolicies,
  discountCodes,
  groupSales,
  orderSeats,
  handoffAttempts,
  leads,
  orderEvents,
  orders,
  paymentEvents,
  portalHandoffs,
  prices,
  providerCalls,
  auditLog,
  siteContent,
  uploadedImages,
  workshops,
  zohoContacts,
  waitlistPlaces,
} from '../../src/db/schema';

const counted = {
  orders,
  order_seats: orderSeats,
  order_events: orderEvents,
  payment_events: paymentEvents,
  zoho_contacts: zohoContacts,
  applied_discounts: appliedDiscounts,
  leads,
  portal_handoffs: portalHandoffs,
  handoff_attempts: handoffAttempts,
  provider_calls: providerCalls,
  audit_log: auditLog,
};

/** Tables a seller edits in place, so their counts alone would not show a change. */
const digested = {
  workshops,
  batches,
  prices,
  discount_codes: discountCodes,
  site_content: siteContent,
  uploaded_images: uploadedImages,
  waitlist_places: waitlistPlaces,
  buyer_policy: buyerPolicies,
  group_sales: groupSales,
};

export type StateSnapshot = Record<string, number | string>;

export async function stateSnapshot(db: Database, emulators?: Emulators): Promise<StateSnapshot> {
  const counts = Object.entries(counted).map(
    ([name, table]) => sql`(select count(*) from ${table})::int as ${sql.identifier(name)}`,
  );
  const digests = Object.entries(digested).map(
    ([name, table]) =>
      sql`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${table} t) as ${sql.identifier(`${name} rows`)}`,
  );
  const result = (await db.execute(
    sql`select ${sql.join([...counts, ...digests], sql`, `)},
      (select coalesce(sum(${batches.seatsTaken}), 0) from ${batches})::int as "batches.seats_taken",
      (select coalesce(sum(${discountCodes.uses}), 0) from ${discountCodes})::int as "discount_codes.uses"`,
  )) as { rows: Record<string, unknown>[] };
  const snapshot: StateSnapshot = Object.fromEntries(
    Object.entries(result.rows[0] ?? {}).map(([name, value]) => [
      name,
      typeof value === 'string' && name.endsWith(' rows') ? value : Number(value),
    ]),
  );
  if (emulators) {
    snapshot['paypal requests'] = emulators.paypal.requests.list().length;
    snapshot['zoho requests'] = emulators.zoho.requests.list().length;
    snapshot['portal requests'] = emulators.portal.state.listRequests().length;
  }
  return snapshot;
}
