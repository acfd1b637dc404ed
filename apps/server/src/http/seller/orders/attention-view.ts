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
  const since = item.since.toISOString();
  switch (item.kind) {
    case 'order-flagged':
      return {
        key: item.key,
        kind: item.kind,
        title: `Order ${item.orderId} (${item.status.replace('_', ' ')})`,
        detail: item.note,
        since,
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
        key: item.key,
        kind: item.kind,
        title: `${what} but not handed off to the courses portal`,
        detail: `Order ${item.orderId}: ${how}.`,
        since,
        orderId: item.orderId,
        email: item.email,
        resolution: 'retry-handoff',
        dismissible: false,
      };
    }
    case 'webhooks-refused': {
      const provider = PROVIDERS[item.provider] ?? item.provider;
      return {
        key: item.key,
        kind: item.kind,
        title: `${item.count} webhooks from ${provider} refused in the last hour`,
        detail:
          `Deliveries that were malformed, forged or could not be verified. If ${provider} ` +
          `changed its signing key or webhook id, update the site's configuration; otherwise ` +
          `someone is sending forged deliveries, which are refused and change nothing.`,
        since,
        orderId: null,
        email: null,
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
        key: item.key,
        kind: item.kind,
        title: `${item.count} unpaid orders in batch ${item.batchId} ${from}`,
        detail:
          'One person with several e-mail addresses may be holding seats that other buyers ' +
          'cannot buy. If these are not real buyers, release the holds: their orders are ' +
          'cancelled, their invoices or payment links withdrawn and the seats free again.',
        since,
        orderId: null,
        email: null,
        resolution: 'release-holds',
        dismissible: false,
        holds: { batchId: item.batchId, by: item.by, value: item.value },
      };
    }
  }
}
