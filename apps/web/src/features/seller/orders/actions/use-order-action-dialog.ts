/**
 * What every order action's dialog shares: its request goes out with a key
 * made when the dialog opened, so a double click or a retry after a refusal
 * or a lost answer acts once; the server's answer is a toast, its refusal
 * is shown in the dialog.
 */
import type { SellerOrderDetail } from '@wifi7/contract';
import { useState } from 'react';
import { newActionKey } from '../../shell/seller-api';
import { dialogMutation } from '../../ui/mutation-state';
import { useOrderAction, type OrderAction, type OrderActionRequest } from '../api/order';

/** The props of each action's dialog. */
export interface OrderActionDialogProps {
  detail: SellerOrderDetail;
  onClose: () => void;
  /** After the action: the order to show (a moved order may be a new one). */
  onDone: (orderId: string) => void;
}

/** A blank note is no note: the server then writes its own line in the audit log. */
function withoutBlankNote<T extends { note?: string | undefined }>({ note, ...rest }: T) {
  return note ? { ...rest, note } : rest;
}

export function useOrderActionDialog<A extends OrderAction>(
  action: A,
  { detail, onDone }: Pick<OrderActionDialogProps, 'detail' | 'onDone'>,
) {
  const [idempotencyKey] = useState(newActionKey);
  const { send: sendAction, ...state } = dialogMutation(useOrderAction(detail.order.id), (answer) =>
    onDone(answer.detail.order.id),
  );
  const send = (body: Omit<OrderActionRequest<A>, 'idempotencyKey'>) => {
    const request = { ...withoutBlankNote(body), idempotencyKey } as OrderActionRequest<A>;
    sendAction({ action, body: request }, (answer) => answer.message, 6000);
  };
  return { ...state, send };
}

/** How the order's payment is named: PayPal sends an invoice, Zoho a payment link. */
export function railWords(order: SellerOrderDetail['order']) {
  const paypal = order.rail === 'paypal_invoice';
  return { provider: paypal ? 'PayPal' : 'Zoho', what: paypal ? 'invoice' : 'payment link' };
}
