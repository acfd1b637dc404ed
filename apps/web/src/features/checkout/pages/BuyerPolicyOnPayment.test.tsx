/**
 * Both ways to pay show the seller's terms for cancelling and moving before
 * the buyer pays, in the currency of the payment: the PayPal invoice under
 * the billing form, the India payment link beside its Pay Now.
 */
import type { BuyerPolicy } from '@wifi7/contract';
import { screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BUYER_EMAIL,
  fillCart,
  priced,
  renderRoute,
  scriptApi,
  signIn,
  visitorCountryIs,
  workshopList,
} from '../../../testing/checkout-helpers';
import { checkoutTexts } from '../texts';
import { CheckoutPage } from './CheckoutPage';
import { ZohoPaymentPage } from './ZohoPaymentPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const policy: BuyerPolicy = {
  refundUntilDaysBefore: 10,
  keep: { kind: 'fixed', USD: 2_500, INR: 200_000 },
  moveUntilDaysBefore: null,
};
const POLICY = { 'GET /api/buyer-policy': { status: 200, data: { policy } } };

const terms = () => screen.findByRole('region', { name: 'Cancelling or moving your seat' });

beforeEach(async () => {
  toast.remove();
  await signIn();
  fillCart();
});

describe("the seller's terms before paying", () => {
  it('show under the billing form of the PayPal checkout, in dollars', async () => {
    visitorCountryIs('US');
    scriptApi({
      ...POLICY,
      'GET /api/learning-availability/workshop-list': { status: 200, data: workshopList(2) },
      'POST /api/courses/pricing': { status: 200, data: priced() },
    });
    renderRoute('/checkout', <CheckoutPage />);
    const billing = await screen.findByRole('region', { name: checkoutTexts.billing.title });
    const shown = await terms();
    expect(billing).toContainElement(shown);
    expect(
      await within(shown).findByText(
        'You may cancel a paid order until 10 days before the first session: $25.00 of it is kept.',
      ),
    ).toBeInTheDocument();
  });

  it('show beside the India payment link, in rupees', async () => {
    localStorage.setItem('zohoUserEmail', BUYER_EMAIL);
    scriptApi({
      ...POLICY,
      'POST /api/checkout/zoho-checkout': {
        status: 200,
        data: {
          code: 0,
          message: 'The payment link has been created.',
          payment_links: { url: 'https://payments.example.com/link/pl_1', amount: '41299.00' },
        },
      },
    });
    renderRoute('/checkout/zoho', <ZohoPaymentPage />);
    await screen.findByRole('link', { name: 'Pay Now' });
    expect(
      await within(await terms()).findByText(
        'You may cancel a paid order until 10 days before the first session: ₹2,000.00 of it is kept.',
      ),
    ).toBeInTheDocument();
  });
});
