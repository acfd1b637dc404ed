import type { OrderStatus } from '@wifi7/contract';
import { Badge, type BadgeTone } from '../ui/Panel';
import { ORDER_STATUS_LABELS } from './format';

const TONES: Record<OrderStatus, BadgeTone> = {
  pending: 'slate',
  awaiting_payment: 'amber',
  paid: 'green',
  failed: 'red',
  expired: 'slate',
  cancelled: 'slate',
  refunded: 'violet',
};

/** An order's state as a coloured pill. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={TONES[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
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
