import {
  orderAttachRequestSchema,
  orderDismissAttentionRequestSchema,
  orderMarkPaidRequestSchema,
  orderMoveBatchRequestSchema,
  orderRefundRequestSchema,
  orderResendRequestSchema,
  type SellerOrderDetail,
} from '@wifi7/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scriptApi, signIn } from '../../../testing/checkout-helpers';
import { renderWithQuery } from '../../../testing/render-with-query';
import { sellerKeys } from '../query-keys';
import type { OrderAction } from './api/order';
import { OrderActions } from './OrderActions';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const ORDER = 'ORDER-7';
const allowed = { allowed: true, reason: null };
const detail: SellerOrderDetail = {
  order: {
    id: ORDER,
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    batchId: 'WIFI7-2027-01-AM',
    batchDescription: 'Jan 12 - Mar 4, 2027 (Americas)',
    rail: 'paypal_invoice',
    currency: 'USD',
    totalMinor: 49_900,
    discountCode: null,
    status: 'paid',
    createdAt: '2027-01-02T17:00:00.000Z',
    paidAt: '2027-01-02T18:00:00.000Z',
    updatedAt: '2027-01-02T18:00:00.000Z',
    needsAttention: true,
    seatCount: 1,
    groupOrder: false,
    workshopSku: 'WIFI7',
    workshopName: 'Wi-Fi 7 workshop',
    subtotalMinor: 49_900,
    discountMinor: 0,
    discountPercent: 0,
    billing: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'United States',
      isoCode: 'US',
      state: 'CA',
      city: 'Palo Alto',
      zipcode: '94301',
    },
    providerReference: null,
    paymentUrl: null,
    paymentReferences: [],
    attention: 'The buyer wrote twice.',
    holdExpiresAt: '2027-01-03T17:00:00.000Z',
    lastProviderError: null,
    refundedMinor: 0,
    unitPriceMinor: 49_900,
    volumeDiscountPercent: 0,
    invoiceEmail: null,
  },
  seats: [],
  handoff: { state: 'delivered', attempts: 1, lastError: null },
  actions: {
    resend: allowed,
    markPaid: allowed,
    cancel: allowed,
    refund: { ...allowed, maxMinor: 49_900 },
    moveBatch: allowed,
    retryHandoff: allowed,
    dismissAttention: allowed,
    attach: allowed,
    reissue: allowed,
    resendMail: { allowed: false, reason: 'No e-mail of this order failed to go out.' },
  },
  timeline: [],
};

const answer = { status: 200, data: { message: 'Done.', detail } };
const url = (path: string) => `/api/seller/orders/${ORDER}/${path}`;

function Page({ onDone = () => {} }: { onDone?: (orderId: string) => void }) {
  const [opened, setOpened] = useState<OrderAction | null>(null);
  return (
    <>
      <OrderActions detail={detail} opened={opened} onOpen={setOpened} onDone={onDone} />
      <Toaster />
    </>
  );
}

beforeEach(async () => {
  await signIn('seller@example.com');
});

async function open(button: string, title: string) {
  const user = userEvent.setup();
  renderWithQuery(<Page />);
  await user.click(screen.getByRole('button', { name: button }));
  return { user, dialog: within(screen.getByRole('dialog', { name: title })) };
}

describe('the order’s action dialogs', () => {
  it('refuses a refund above what was paid, then sends the amount in minor units', async () => {
    const { calls } = scriptApi({ [`POST ${url('refund')}`]: answer });
    const { user, dialog } = await open('Refund', 'Refund the buyer?');
    const amount = dialog.getByRole('textbox', { name: 'Amount (USD)' });
    expect(amount).toHaveValue('499.00');

    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(dialog.getByRole('button', { name: 'Refund $500.00' }));
    expect(amount).toHaveAccessibleDescription('Enter an amount from $0.01 to $499.00.');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(calls('POST', url('refund'))).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '120.5');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Reason' }), 'paid-twice');
    await user.click(dialog.getByRole('button', { name: 'Refund $120.50' }));
    expect(await screen.findByText('Done.')).toBeInTheDocument();
    const [request] = calls('POST', url('refund'));
    expect(orderRefundRequestSchema.parse(request?.body)).toEqual({
      idempotencyKey: expect.any(String),
      amountMinor: 12_050,
      reason: 'paid-twice',
    });
  });

  it('asks how it was paid before marking the order paid', async () => {
    const { calls } = scriptApi({ [`POST ${url('mark-paid')}`]: answer });
    const { user, dialog } = await open('Mark paid', 'Mark the order paid?');
    await user.click(dialog.getByRole('button', { name: 'Mark paid' }));
    const note = dialog.getByRole('textbox', { name: 'How was it paid?' });
    expect(note).toHaveAccessibleDescription(
      /Say how it was paid: it becomes the payment reference\.$/,
    );
    expect(calls('POST', url('mark-paid'))).toHaveLength(0);

    await user.type(note, '  Bank transfer, ref 118 ');
    await user.click(dialog.getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Done.')).toBeInTheDocument();
    const [request] = calls('POST', url('mark-paid'));
    expect(orderMarkPaidRequestSchema.parse(request?.body)).toMatchObject({
      note: 'Bank transfer, ref 118',
    });
  });

  it('asks for a reason before dismissing the note', async () => {
    const { calls } = scriptApi({ [`POST ${url('dismiss-attention')}`]: answer });
    const { user, dialog } = await open('Dismiss note', 'Dismiss the note?');
    await user.click(dialog.getByRole('button', { name: 'Dismiss' }));
    const note = dialog.getByRole('textbox', { name: 'What did you do about it?' });
    expect(note).toHaveAccessibleDescription('Give a reason: it is kept in the audit log.');
    expect(calls('POST', url('dismiss-attention'))).toHaveLength(0);

    await user.type(note, 'Answered the buyer');
    await user.click(dialog.getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Done.')).toBeInTheDocument();
    const [request] = calls('POST', url('dismiss-attention'));
    expect(orderDismissAttentionRequestSchema.parse(request?.body)).toMatchObject({
      note: 'Answered the buyer',
    });
  });

  it('asks for the provider’s id before attaching it', async () => {
    const { calls } = scriptApi({ [`POST ${url('attach')}`]: answer });
    const { user, dialog } = await open('Attach provider id', 'Attach the invoice you found');
    await user.click(dialog.getByRole('button', { name: 'Attach' }));
    const reference = dialog.getByRole('textbox', { name: 'PayPal invoice id' });
    expect(reference).toHaveAccessibleDescription('Enter the PayPal id.');
    expect(calls('POST', url('attach'))).toHaveLength(0);

    await user.type(reference, 'INV2-ABCD');
    await user.click(dialog.getByRole('button', { name: 'Attach' }));
    expect(await screen.findByText('Done.')).toBeInTheDocument();
    const [request] = calls('POST', url('attach'));
    expect(orderAttachRequestSchema.parse(request?.body)).toMatchObject({
      providerReference: 'INV2-ABCD',
    });
    expect(request?.body).not.toHaveProperty('note');
  });

  it('asks for the batch before moving the order', async () => {
    const { calls } = scriptApi({
      'GET /api/seller/batch-choices': {
        status: 200,
        data: {
          batches: [
            {
              id: 'WIFI7-2027-03-AM',
              workshopSku: 'WIFI7',
              description: 'Mar 2 - Apr 20, 2027 (Americas)',
              startsOn: '2027-03-02',
              status: 'open',
              seatsTaken: 3,
              seatCapacity: 20,
            },
          ],
        },
      },
      [`POST ${url('move-batch')}`]: answer,
    });
    const { user, dialog } = await open('Move to another batch', 'Move to another batch');
    const batch = dialog.getByRole('combobox', { name: 'Batch' });
    await dialog.findByRole('option', { name: /WIFI7-2027-03-AM/ });
    await user.click(dialog.getByRole('button', { name: 'Move' }));
    expect(batch).toHaveAccessibleDescription('Choose the batch to move to.');
    expect(calls('POST', url('move-batch'))).toHaveLength(0);

    await user.selectOptions(batch, 'WIFI7-2027-03-AM');
    await user.type(dialog.getByRole('textbox', { name: 'Why (optional)' }), 'Asked to move');
    await user.click(dialog.getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Done.')).toBeInTheDocument();
    const [request] = calls('POST', url('move-batch'));
    expect(orderMoveBatchRequestSchema.parse(request?.body)).toMatchObject({
      batchId: 'WIFI7-2027-03-AM',
      note: 'Asked to move',
    });
  });

  it('sends a retry after a refusal with the same key, so it acts once', async () => {
    let refused = false;
    const { calls } = scriptApi({
      [`POST ${url('resend')}`]: () => {
        if (refused) return answer;
        refused = true;
        return { status: 502, data: { message: 'PayPal did not answer.' } };
      },
    });
    const { user, dialog } = await open('Resend invoice / link', 'Send the invoice again?');
    await user.click(dialog.getByRole('button', { name: 'Send the invoice' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('PayPal did not answer.');
    await user.click(dialog.getByRole('button', { name: 'Send the invoice' }));
    expect(await screen.findByText('Done.')).toBeInTheDocument();

    const [first, second] = calls('POST', url('resend')).map((request) =>
      orderResendRequestSchema.parse(request.body),
    );
    expect(first).toEqual({ idempotencyKey: expect.any(String) });
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
  });

  it('has the order and the orders lists read again after the action', async () => {
    scriptApi({ [`POST ${url('cancel')}`]: answer });
    const user = userEvent.setup();
    const { queryClient } = renderWithQuery(<Page />);
    const list = sellerKeys.orderList({ page: 1, pageSize: 25 });
    queryClient.setQueryData(sellerKeys.order(ORDER), detail);
    queryClient.setQueryData(list, { orders: [] });
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel the order?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText('Done.')).toBeInTheDocument();
    expect(queryClient.getQueryState(sellerKeys.order(ORDER))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(list)?.isInvalidated).toBe(true);
  });
});
