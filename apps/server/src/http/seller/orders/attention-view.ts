/**
 * "Needs attention" as the back office shows it: each item of
 * `listAttentionItems` in words, with what resolves it.
 */
import type { SellerAttentionItem } from '@wifi7/contract';
import { resolutionOf } from '../../../orders/notes';
import type { AttentionItem } from '../../../orders/needs-attention';

const PROVIDERS: Record<string, string> = { paypal: 'PayPal', zoho: 'Zoho' };

/** What happened to the order that the courses portal has not acknowledged, by hand-off kind. */
const WHAT_THE_PORTAL_MISSES: Record<string, string> = {
  'enrollment.created': 'Paid',
  'enrollment.revoked': 'Refunded',
  'enrollment.moved': 'Moved',
};

export function attentionView(item: AttentionItem): SellerAttentionItem {
  // What every item has; an item about one order names it and its buyer.
  const common = { key: item.key, kind: item.kind, since: item.since.toISOString() };
  const noOrder = { orderId: null, email: null };
  switch (item.kind) {
    case 'order-flagged':
      return {
        ...common,
        title: `Order ${item.orderId} (${item.status.replace('_', ' ')})`,
        detail: item.note,
        orderId: item.orderId,
        email: item.email,
        resolution: resolutionOf(item.note),
        dismissible: true,
      };
    case 'handoff-stuck':
    case 'paid-not-handed-off': {
      const what = WHAT_THE_PORTAL_MISSES[item.handoffKind] ?? 'Paid';
      const how =
        item.attempts === 0
          ? 'no attempt was made yet (is the background worker running?)'
          : `${item.attempts} attempt${item.attempts === 1 ? '' : 's'} failed${item.lastError ? `, last: ${item.lastError}` : ''}`;
      return {
        ...common,
        title: `${what} but not handed off to the courses portal`,
        detail: `Order ${item.orderId}: ${how}.`,
        orderId: item.orderId,
        email: item.email,
        resolution: 'retry-handoff',
        dismissible: false,
      };
    }
    case 'webhooks-refused': {
      const provider = PROVIDERS[item.provider] ?? item.provider;
      return {
        ...common,
        title: `${item.count} webhooks from ${provider} refused in the last hour`,
        detail:
          `Deliveries that were malformed, forged or could not be verified. If ${provider} ` +
          `changed its signing key or webhook id, update the site's configuration; otherwise ` +
          `someone is sending forged deliveries, which are refused and change nothing.`,
        ...noOrder,
        resolution: 'check-provider',
        dismissible: false,
      };
    }
    case 'holds-clustered': {
      const from =
        item.by === 'network'
          ? `were placed from one network (${item.value})`
          : `are for addresses at ${item.value}`;
      return {
        ...common,
        title: `${item.count} unpaid orders in batch ${item.batchId} ${from}`,
        detail:
          'One person with several e-mail addresses may be holding seats that other buyers ' +
          'cannot buy. If these are not real buyers, release the holds: their orders are ' +
          'cancelled, their invoices or payment links withdrawn and the seats free again.',
        ...noOrder,
        resolution: 'release-holds',
        dismissible: false,
        holds: { batchId: item.batchId, by: item.by, value: item.value },
      };
    }
  }
}
