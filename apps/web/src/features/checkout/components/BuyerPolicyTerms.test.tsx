import { NO_BUYER_CHANGES, type BuyerPolicy } from '@wifi7/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithQuery } from '../../../testing/render-with-query';
import { scriptApi, type Handler } from '../../../testing/checkout-helpers';
import { BuyerPolicyTerms } from './BuyerPolicyTerms';

const URL = '/api/buyer-policy';

const fee: BuyerPolicy = {
  refundUntilDaysBefore: 14,
  keep: { kind: 'fixed', USD: 5_000, INR: 400_000 },
  moveUntilDaysBefore: 7,
};

function show(answer: Handler | { status: number; data?: unknown }, currency: 'USD' | 'INR') {
  const api = scriptApi({ [`GET ${URL}`]: answer });
  renderWithQuery(<BuyerPolicyTerms currency={currency} headingLevel={2} />);
  return api;
}

const terms = () => screen.getByRole('region', { name: 'Cancelling or moving your seat' });

describe("the checkout's terms for cancelling and moving", () => {
  it("states the seller's policy in plain words, asked for without a token", async () => {
    const { calls } = show({ status: 200, data: { policy: fee } }, 'USD');
    expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent(
      'Cancelling or moving your seat',
    );
    const items = await within(terms()).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'You may cancel a paid order until 14 days before the first session: $50.00 of it is kept.',
      'You may move to another open batch of the workshop until 7 days before the first session, when it has a free seat.',
      'An unpaid order may be cancelled at any time.',
    ]);
    expect(calls('GET', URL)[0]!.headers).not.toHaveProperty('Authorization');
  });

  it('words the amount kept in the currency the buyer pays in', async () => {
    show({ status: 200, data: { policy: fee } }, 'INR');
    expect(
      await within(terms()).findByText(
        'You may cancel a paid order until 14 days before the first session: ₹4,000.00 of it is kept.',
      ),
    ).toBeInTheDocument();
  });

  it('says a paid order is changed by writing to the seller, until the seller sets a policy', async () => {
    show({ status: 200, data: { policy: NO_BUYER_CHANGES } }, 'USD');
    expect(
      await within(terms()).findByText(
        'A paid order cannot be cancelled for a refund from this site; write to us if you cannot attend.',
      ),
    ).toBeInTheDocument();
    expect(within(terms()).getByText('To move to another batch, write to us.')).toBeInTheDocument();
  });

  it('says the terms could not be loaded, and loads them again on request', async () => {
    let fail = true;
    show(
      () =>
        fail ? { status: 503, data: { message: 'down' } } : { status: 200, data: { policy: fee } },
      'USD',
    );
    expect(await within(terms()).findByText(/could not be loaded just now/)).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load the terms again' }));
    expect(await within(terms()).findAllByRole('listitem')).toHaveLength(3);
  });
});
