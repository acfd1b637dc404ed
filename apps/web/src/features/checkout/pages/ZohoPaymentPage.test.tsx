import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../../cart';
import {
  BUYER_EMAIL,
  fillCart,
  renderRoute,
  scriptApi,
  signIn,
  workshopItem,
  workshopList,
  type Handler,
} from '../../../testing/checkout-helpers';
import { ZohoPaymentPage } from './ZohoPaymentPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const CHECKOUT = 'POST /api/checkout/zoho-checkout';
const link = {
  code: 0,
  message: 'The payment link has been created.',
  payment_links: { url: 'https://payments.example.com/link/pl_1', amount: '41299.00' },
};

beforeEach(async () => {
  toast.remove();
  await signIn();
  fillCart();
  useCartStore.getState().updateDiscountCode('TEAM15');
  localStorage.setItem('zohoUserEmail', BUYER_EMAIL);
});

function openPaymentPage(
  route: Handler | { status: number; data?: unknown } = { status: 200, data: link },
) {
  const api = scriptApi({
    [CHECKOUT]: route,
    'GET /api/learning-availability/workshop-list': { status: 200, data: workshopList(2) },
  });
  const router = renderRoute('/checkout/zoho', <ZohoPaymentPage />, { strict: true });
  return { ...api, router, user: userEvent.setup() };
}

describe('India payment link page', () => {
  it('creates the link once (even in StrictMode), empties the cart and shows the link', async () => {
    const success = vi.spyOn(toast, 'success');
    const { calls } = openPaymentPage();
    expect(screen.getByRole('status')).toHaveTextContent('Creating your payment link…');

    const payNow = await screen.findByRole('link', { name: 'Pay Now' });
    expect(payNow).toHaveAttribute('href', 'https://payments.example.com/link/pl_1');
    expect(payNow).toHaveAttribute('target', '_blank');
    expect(payNow).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('Zoho payment link sent to ada@example.com.')).toBeInTheDocument();
    expect(screen.getByText(workshopItem.productName)).toBeInTheDocument();
    expect(screen.getByText('Total: ₹41,299.00')).toBeInTheDocument();
    // The batch's timing and its dates, so the buyer sees which batch they pay for.
    expect(await screen.findByText('Tue & Thu, 9 - 11 AM PT (Americas)')).toBeInTheDocument();
    expect(screen.getByText('Jan 12 - Mar 4, 2027')).toBeInTheDocument();
    expect(screen.getByText(/discount codes .* applied automatically/i)).toBeInTheDocument();
    expect(
      screen.getByText(/if the payment fails, retry with the payment link sent to your email/i),
    ).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith(
      'Payment link created successfully! Your cart has been cleared.',
    );

    const requests = calls('POST', '/api/checkout/zoho-checkout');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers.Authorization).toBe('Bearer id-token');
    expect(requests[0]!.body).toEqual({
      productSkuList: ['WIFI7-LIVE'],
      email: BUYER_EMAIL,
      description: `Payment for ${workshopItem.productName}`,
      discountCode: null,
      batchId: workshopItem.batchId,
      returnUrl: 'http://localhost:3000/checkout/zoho-payment-status',
    });
    expect(useCartStore.getState()).toMatchObject({ cartItems: [], discountCode: '' });
    // The page keeps showing the link after the cart is emptied.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('link', { name: 'Pay Now' })).toBeInTheDocument();
  });

  it('groups the total in the Indian way', async () => {
    openPaymentPage({
      status: 200,
      data: { ...link, payment_links: { ...link.payment_links, amount: '123456.5' } },
    });
    expect(await screen.findByText('Total: ₹1,23,456.50')).toBeInTheDocument();
  });

  it('reports a failure with the toast and, inline, what it means; keeps the cart; can try again', async () => {
    const error = vi.spyOn(toast, 'error');
    let attempts = 0;
    const { user, calls } = openPaymentPage(() => {
      attempts += 1;
      return attempts === 1
        ? { status: 502, data: { message: 'down' } }
        : { status: 200, data: link };
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your payment link was not made, so nothing can be paid yet. Your cart is kept.',
    );
    // The toast says the spec's text; the page does not say it a second time.
    expect(screen.getAllByText('Failed to create payment link. Please try again.')).toHaveLength(1);
    expect(screen.queryByText(/already bought/)).not.toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Failed to create payment link. Please try again.');
    expect(useCartStore.getState().cartItems).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Pay Now' })).toBeInTheDocument();
    expect(calls('POST', '/api/checkout/zoho-checkout')).toHaveLength(2);
    expect(useCartStore.getState().cartItems).toHaveLength(0);
  });

  it('says the link may already be in the inbox when Zoho never confirmed it', async () => {
    openPaymentPage({
      status: 502,
      data: { statusCode: 502, error: 'Bad Gateway', message: 'x', reason: 'payment-unconfirmed' },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('it may already be on its way to your e-mail');
    expect(alert).not.toHaveTextContent('was not made');
  });

  it('says the workshop is already bought (409) and points to the courses portal', async () => {
    const error = vi.spyOn(toast, 'error');
    openPaymentPage({
      status: 409,
      data: { message: 'This e-mail address has already purchased this workshop.' },
    });
    const alert = await screen.findByRole('alert');
    const alreadyPurchased =
      "You've already purchased this workshop. Visit 'My Courses' on the courses portal to access it.";
    expect(alert).toHaveTextContent(alreadyPurchased);
    // Said once, on the page: no toast of it as well.
    expect(error).not.toHaveBeenCalled();
    expect(screen.queryByText('Failed to create payment link. Please try again.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the courses portal' })).toHaveAttribute(
      'href',
      'https://courses.example.com/',
    );
  });

  it('sends a buyer without a known contact to the contact page first', async () => {
    localStorage.removeItem('zohoUserEmail');
    const { router, requests } = openPaymentPage();
    await screen.findByRole('heading', { name: 'Page at /checkout/zoho-contact' });
    expect(router.state.location.pathname).toBe('/checkout/zoho-contact');
    expect(requests.filter((request) => request.url.includes('zoho'))).toHaveLength(0);
  });

  it('sends a buyer with an empty cart to the workshop page', async () => {
    useCartStore.getState().clearCart();
    const { router } = openPaymentPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/wifi7-workshop'));
  });
});
