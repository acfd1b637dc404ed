/**
 * What needs a person: flagged orders (paid twice, paid without a seat, a
 * wrong amount, a lost provider answer), paid students the courses portal
 * has not acknowledged, refused webhooks in bulk, and unpaid holds that
 * cluster. Each item offers what resolves it: a button that does it here
 * (retry the hand-off, send a failed e-mail again, dismiss a note with a
 * reason, release the holds) or
 * a link to the order with that action's dialog open.
 */
import {
  orderDismissAttentionRequestSchema,
  orderResendMailRequestSchema,
  orderRetryHandoffRequestSchema,
  releaseHoldsRequestSchema,
  type SellerAttentionItem,
} from '@wifi7/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { sellerOrderPath } from '../../../config/paths';
import { RESEND_MAIL_DESCRIPTION } from '../orders/actions/NoteActionDialog';
import type { OrderAction } from '../orders/api/order';
import { formatDateTime } from '../shell/format';
import { EmptyState, QueryStatus } from '../ui/Panel';
import { NoteConfirmDialog, type NoteConfirmWords } from '../ui/NoteConfirmDialog';
import { sellerButton, sellerLink } from '../ui/styles';
import { dialogMutation } from '../ui/mutation-state';
import { newActionKey } from '../shell/seller-api';
import { SellerPage } from '../shell/SellerPage';
import { useAttention, useResolveAttention, type AttentionResolution } from './api/attention';

const KIND_LABELS: Record<SellerAttentionItem['kind'], string> = {
  'order-flagged': 'Order',
  'paid-not-handed-off': 'Hand-off',
  'handoff-stuck': 'Hand-off stuck',
  'webhooks-refused': 'Webhooks',
  'holds-clustered': 'Unpaid holds',
};

/** The link that resolves an item on its order's page: the action and its label. */
const ORDER_LINKS: Partial<
  Record<SellerAttentionItem['resolution'], { action?: OrderAction; label: string }[]>
> = {
  refund: [{ action: 'refund', label: 'Refund…' }],
  'attach-or-reissue': [
    { action: 'attach', label: 'Attach what you found…' },
    { action: 'reissue', label: 'Issue a new one…' },
  ],
  'move-or-refund': [
    { action: 'moveBatch', label: 'Move to a batch with a seat…' },
    { action: 'refund', label: 'Refund…' },
  ],
};

type Pending = { item: SellerAttentionItem; action: AttentionResolution };

export default function AttentionPage() {
  // The menu's count comes from the same cached list, so it follows what is done here.
  const list = useAttention({ fresh: true });
  const [pending, setPending] = useState<Pending | null>(null);
  const items = list.data?.items ?? [];

  return (
    <SellerPage
      title="Needs attention"
      description="What needs a person, each with the action that resolves it."
      actions={
        <button
          type="button"
          className={sellerButton.secondary}
          onClick={() => void list.refetch()}
        >
          Refresh
        </button>
      }
    >
      <QueryStatus query={list} loading="Looking for problems…" />
      {list.data && items.length === 0 && (
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <EmptyState title="Nothing needs you right now">
            Paid orders are reaching the courses portal and no payment asks for a decision.
          </EmptyState>
        </div>
      )}
      {items.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label="Items that need attention">
          {items.map((item) => (
            <AttentionCard
              key={item.key}
              item={item}
              onResolve={(action) => setPending({ item, action })}
            />
          ))}
        </ul>
      )}
      {pending && <ResolveDialog pending={pending} onClose={() => setPending(null)} />}
    </SellerPage>
  );
}

function AttentionCard({
  item,
  onResolve,
}: {
  item: SellerAttentionItem;
  onResolve: (action: AttentionResolution) => void;
}) {
  const titleId = `attention-${item.key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const links = ORDER_LINKS[item.resolution] ?? [];
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="flex flex-col gap-3 rounded-xl border border-slate-200 border-l-4 border-l-amber-500 bg-white p-4 shadow-sm sm:p-5"
      >
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
          <span className="rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-900">
            {KIND_LABELS[item.kind]}
          </span>
          <span>
            since <time dateTime={item.since}>{formatDateTime(item.since)}</time>
          </span>
          {item.email && <span className="[overflow-wrap:anywhere]">{item.email}</span>}
        </div>
        <h2 id={titleId} className="font-semibold text-navy-950 [overflow-wrap:anywhere]">
          {item.title}
        </h2>
        <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{item.detail}</p>
        {item.resolution === 'retry-handoff' && (
          <p className="text-sm text-slate-600">
            The site keeps retrying on its own, less often as time goes by; Retry hand-off tries
            again now.
          </p>
        )}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
          {item.resolution === 'retry-handoff' && item.orderId && (
            <button
              type="button"
              className={sellerButton.primary}
              onClick={() => onResolve('retryHandoff')}
            >
              Retry hand-off
            </button>
          )}
          {item.resolution === 'resend-mail' && item.orderId && (
            <button
              type="button"
              className={sellerButton.primary}
              onClick={() => onResolve('resendMail')}
            >
              Send again…
            </button>
          )}
          {item.resolution === 'release-holds' && item.holds && (
            <button
              type="button"
              className={sellerButton.primary}
              onClick={() => onResolve('releaseHolds')}
            >
              Release these holds
            </button>
          )}
          {item.orderId &&
            links.map((link) => (
              <Link
                key={link.label}
                to={`${sellerOrderPath(item.orderId!)}${link.action ? `?action=${link.action}` : ''}`}
                className={sellerButton.secondary}
              >
                {link.label}
              </Link>
            ))}
          {item.orderId && (
            // A text link, not a padded button: wrapped under the buttons on a phone, it
            // lines up with the card's text.
            <Link to={sellerOrderPath(item.orderId)} className={`${sellerLink} text-sm`}>
              Open order {item.orderId}
            </Link>
          )}
          {item.dismissible && (
            <button
              type="button"
              className={sellerButton.quiet}
              onClick={() => onResolve('dismissAttention')}
            >
              Dismiss…
            </button>
          )}
        </div>
      </article>
    </li>
  );
}

/** Each action's confirmation in words. */
const DIALOG_WORDS: Record<Pending['action'], (item: SellerAttentionItem) => NoteConfirmWords> = {
  dismissAttention: () => ({
    title: 'Dismiss this item?',
    description: 'The order stops asking for attention. Dismiss it only once it is dealt with.',
    confirmLabel: 'Dismiss',
    note: {
      label: 'What did you do about it?',
      required: 'Give a reason: it is kept in the audit log.',
    },
  }),
  retryHandoff: (item) => ({
    title: 'Send the hand-off again?',
    description: `The courses portal is sent the message for order ${item.orderId} again, now.`,
    confirmLabel: 'Send it now',
    note: { label: 'Note for the audit log' },
  }),
  resendMail: () => ({
    title: 'Send the e-mail again?',
    description: RESEND_MAIL_DESCRIPTION,
    confirmLabel: 'Send it again',
    note: { label: 'Note for the audit log' },
  }),
  releaseHolds: () => ({
    title: 'Release these holds?',
    description:
      'Each of these unpaid orders is cancelled, its invoice or payment link withdrawn and its seat freed. A real buyer among them can check out again.',
    confirmLabel: 'Release them',
    note: { label: 'Note for the audit log' },
  }),
};

/** The note each resolution's request takes: a reason is required to dismiss. */
const noteFormSchemas = {
  dismissAttention: orderDismissAttentionRequestSchema.shape.note,
  retryHandoff: orderRetryHandoffRequestSchema.shape.note,
  resendMail: orderResendMailRequestSchema.shape.note,
  releaseHolds: releaseHoldsRequestSchema.shape.note,
};

function ResolveDialog({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const { item, action } = pending;
  const [idempotencyKey] = useState(newActionKey);
  const { send, ...state } = dialogMutation(useResolveAttention(), onClose);
  const confirm = ({ note }: { note?: string | undefined }) =>
    send(
      { item, action, body: { idempotencyKey, ...(note ? { note } : {}) } },
      (answer) => answer.message,
      6000,
    );

  return (
    <NoteConfirmDialog
      words={DIALOG_WORDS[action](item)}
      noteSchema={noteFormSchemas[action]}
      {...state}
      onClose={onClose}
      onSend={confirm}
    />
  );
}
