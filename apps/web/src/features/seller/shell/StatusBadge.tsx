import type { OrderStatus } from '@wifi7/contract';
import { ORDER_STATUS_LABELS } from './format';

const LOOKS: Record<OrderStatus, string> = {
  pending: 'bg-slate-100 text-slate-700 ring-slate-300',
  awaiting_payment: 'bg-amber-50 text-amber-800 ring-amber-300',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  failed: 'bg-red-50 text-red-800 ring-red-300',
  expired: 'bg-slate-100 text-slate-600 ring-slate-300',
  cancelled: 'bg-slate-100 text-slate-600 ring-slate-300',
  refunded: 'bg-violet-50 text-violet-800 ring-violet-300',
};

/** An order's state as a coloured pill; the words carry the meaning, not the colour. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${LOOKS[status]}`}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

/** A small flag for something that needs the seller. */
export function AttentionFlag({ label = 'Needs attention' }: { label?: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-3.5"
        fill="currentColor"
        fillRule="evenodd"
      >
        <path d="M10 2a1 1 0 0 1 .87.5l7 12.5A1 1 0 0 1 17 16.5H3a1 1 0 0 1-.87-1.5l7-12.5A1 1 0 0 1 10 2Zm0 5a1 1 0 0 0-1 1v3a1 1 0 1 0 2 0V8a1 1 0 0 0-1-1Zm0 8a1.1 1.1 0 1 0 0-2.2 1.1 1.1 0 0 0 0 2.2Z" />
      </svg>
      {label}
    </span>
  );
}
