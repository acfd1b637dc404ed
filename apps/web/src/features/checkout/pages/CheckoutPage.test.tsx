import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { remoteLog } from '../../../lib/remote-log';
import { useCartStore } from '../../cart';
import {
  BUYER_EMAIL,
  deferred,
  fillCart,
  priced,
  renderRoute,
  scriptApi,
  signIn,
  visitorCountryIs,
  workshopItem,
  workshopList,
  type Handler,
} from '../../../testing/checkout-helpers';
import { checkoutTexts } from '../texts';
import { CheckoutPage } from './CheckoutPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const WORKSHOP = 'GET /api/learning-availability/workshop-list';
const PRICING = 'POST /api/courses/pricing';
const INVOICE = 'POST /api/checkout/paypal-invoice';
const CARRY_DISCOUNT = 'PUT /api/checkout/applied-discount';

beforeEach(async () => {
  toast.remove();
  await signIn();
  fillCart();
  visitorCountryIs('US');
});

function openCheckout(routes: Record<string, Handler | { status: number; data?: unknown }> = {}) {
  const api = scriptApi({
    [WORKSHOP]: { status: 200, data: workshopList(2) },
    [PRICING]: { status: 200, data: priced() },
    [INVOICE]: {
      status: 200,
      data: {
        orderId: 'o1',
        status: 'awaiting_payment',
        invoiceNumber: 'W7-1',
        reused: false,
        sentAgain: false,
      },
    },
    ...routes,
  });
  const router = renderRoute('/checkout', <CheckoutPage />);
  return { ...api, router, user: userEvent.setup() };
}

const summary = () => screen.getByRole('region', { name: 'Order summary' });
const billingForm = () => screen.findByRole('region', { name: checkoutTexts.billing.title });

async function fillBilling(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'First Name' }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Lovelace');
  const country = await screen.findByRole('combobox', { name: 'Country' });
  await waitFor(() => expect(country).toBeEnabled());
  await user.selectOptions(country, 'US');
  await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'California');
  await user.type(screen.getByRole('textbox', { name: 'City' }), 'San Jose');
  await user.type(screen.getByRole('textbox', { name: 'Zipcode' }), '95134');
}

describe('checkout guards', () => {
  it('sends a buyer with an empty cart to the workshop page', async () => {
    useCartStore.getState().clearCart();
    const { router } = openCheckout();
    await screen.findByRole('heading', { name: 'Page at /wifi7-workshop' });
    expect(router.state.location.pathname).toBe('/wifi7-workshop');
  });
});

describe('order summary', () => {
  it('shows course, batch timing, price and total, priced for the visitor’s country', async () => {
    const { calls } = openCheckout();
    const table = within(summary()).getByRole('table');
    expect(within(table).getByText(workshopItem.productName)).toBeInTheDocument();
    expect(
      (await within(table).findAllByText('Tue & Thu, 9 - 11 AM PT (Americas)')).length,
    ).toBeGreaterThan(0);
    const total = await within(table).findByRole('row', { name: /Total/ });
    expect(total).toHaveTextContent('$499.00');
    expect(within(table).queryByText(/% off/)).not.toBeInTheDocument();
    expect(calls('POST', '/api/courses/pricing')[0]!.body).toEqual({
      productSkus: ['WIFI7-LIVE'],
      countryCode: 'US',
      discountCode: null,
    });
    expect(calls('GET', '/api/learning-availability/workshop-list')[0]!.headers.Authorization).toBe(
      'Bearer id-token',
    );
  });

  it('shows the batch’s dates beside its timing, so batches of the same timing differ', async () => {
    const sameTiming = workshopList(2);
    sameTiming.availableWorkshops[0]!.batchDetails[1]!.batchDescription =
      'May 4 - Jun 24, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time';
    openCheckout({ [WORKSHOP]: { status: 200, data: sameTiming } });
    const row = (await within(summary()).findAllByRole('row'))[1]!;
    await waitFor(() => expect(row).toHaveTextContent('Tue & Thu, 9 - 11 AM PT (Americas)'));
    expect(within(row).getAllByText('Jan 12 - Mar 4, 2027').length).toBeGreaterThan(0);
    expect(within(row).queryByText('May 4 - Jun 24, 2027')).not.toBeInTheDocument();
  });

  it('prices in US dollars when the country look-up fails', async () => {
    visitorCountryIs('fail');
    const { calls } = openCheckout();
    await within(summary()).findByText('$499.00', { selector: 'td' });
    expect(calls('POST', '/api/courses/pricing')[0]!.body).toMatchObject({ countryCode: 'US' });
  });

  it('shows the "% off" badge and the discounted total for the cart’s code', async () => {
    useCartStore.getState().updateDiscountCode('EARLYBIRD');
    const { calls } = openCheckout({ [PRICING]: { status: 200, data: priced(10) } });
    expect(await within(summary()).findByText('10% off')).toBeInTheDocument();
    expect(within(summary()).getByRole('row', { name: /Total/ })).toHaveTextContent('$449.10');
    expect(calls('POST', '/api/courses/pricing')[0]!.body).toMatchObject({
      discountCode: 'EARLYBIRD',
    });
  });

  it('drops a stored code the server no longer accepts, says why, and keeps the prices', async () => {
    useCartStore.getState().updateDiscountCode('OLD10');
    const { calls } = openCheckout({
      [PRICING]: {
        status: 200,
        data: { ...priced(), success: false, message: 'This discount code has expired.' },
      },
    });
    expect(await screen.findByText('This discount code has expired.')).toBeInTheDocument();
    expect(within(summary()).getByRole('row', { name: /Total/ })).toHaveTextContent('$499.00');
    expect(useCartStore.getState().discountCode).toBe('');
    expect(calls('POST', '/api/courses/pricing')).toHaveLength(1);
    expect(calls('POST', '/api/courses/pricing')[0]!.body).toMatchObject({
      discountCode: 'OLD10',
    });
  });

  it('offers to reload prices that failed, logs why, and asks again with the cart’s code', async () => {
    const warning = vi.spyOn(remoteLog, 'warning');
    useCartStore.getState().updateDiscountCode('EARLYBIRD');
    let fail = true;
    const { user, calls } = openCheckout({
      [PRICING]: () => (fail ? { status: 500 } : { status: 200, data: priced(10) }),
    });
    const reload = await within(summary()).findByRole('button', { name: 'Reload prices' });
    expect(within(summary()).getByRole('alert')).toHaveTextContent(
      'We couldn’t load the price. Please check your connection.',
    );
    expect(warning).toHaveBeenCalledWith('checkout: pricing failed (status 500)');
    fail = false;
    await user.click(reload);
    expect(await within(summary()).findByText('10% off')).toBeInTheDocument();
    expect(within(summary()).queryByRole('alert')).not.toBeInTheDocument();
    expect(calls('POST', '/api/courses/pricing')).toHaveLength(2);
    expect(calls('POST', '/api/courses/pricing')[1]!.body).toEqual({
      productSkus: ['WIFI7-LIVE'],
      countryCode: 'US',
      discountCode: 'EARLYBIRD',
    });
  });

  it('offers "Change selected batch" only when there is more than one batch', async () => {
    openCheckout();
    const link = await screen.findByRole('link', { name: 'Change selected batch' });
    expect(link).toHaveAttribute('href', '/wifi7-workshop');
  });

  it('hides "Change selected batch" with a single batch', async () => {
    openCheckout({ [WORKSHOP]: { status: 200, data: workshopList(1) } });
    await within(summary()).findAllByText('Tue & Thu, 9 - 11 AM PT (Americas)');
    expect(screen.queryByRole('link', { name: 'Change selected batch' })).not.toBeInTheDocument();
  });
});

describe('discount code', () => {
  it('keeps Apply disabled while nothing is typed', async () => {
    openCheckout();
    await within(summary()).findByText('$499.00', { selector: 'td' });
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('refuses a whitespace-only code without asking the server', async () => {
    const { user, calls } = openCheckout();
    await within(summary()).findByText('$499.00', { selector: 'td' });
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please enter a discount code')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Discount code' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls('POST', '/api/courses/pricing')).toHaveLength(1);
  });

  it('applies a trimmed code: one inline message, cart and price from the server', async () => {
    const success = vi.spyOn(toast, 'success');
    const { user, calls } = openCheckout({
      [PRICING]: (request) => ({
        status: 200,
        data: priced((request.body as { discountCode: string | null }).discountCode ? 15 : 0),
      }),
    });
    await within(summary()).findByText('$499.00', { selector: 'td' });
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), '  TEAM15 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await within(summary()).findByText('15% off')).toBeInTheDocument();
    expect(within(summary()).getByRole('row', { name: /Total/ })).toHaveTextContent('$424.15');
    expect(screen.getByText('Discount code applied successfully')).toBeInTheDocument();
    expect(screen.getByText('Code TEAM15 applied: 15% off')).toBeInTheDocument();
    // Said once, beside the field: no toast of the same outcome.
    expect(success).not.toHaveBeenCalled();
    expect(useCartStore.getState().discountCode).toBe('TEAM15');
    expect(calls('POST', '/api/courses/pricing')[1]!.body).toEqual({
      productSkus: ['WIFI7-LIVE'],
      countryCode: 'US',
      discountCode: 'TEAM15',
    });
  });

  it('reports a refused code with the server’s reason and keeps the cart as it was', async () => {
    const error = vi.spyOn(toast, 'error');
    const { user } = openCheckout({
      [PRICING]: (request) =>
        (request.body as { discountCode: string | null }).discountCode
          ? {
              status: 200,
              data: { ...priced(), success: false, message: 'This discount code has expired.' },
            }
          : { status: 200, data: priced() },
    });
    await within(summary()).findByText('$499.00', { selector: 'td' });
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'OLDCODE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(
      await screen.findByText('Failed to apply discount code: This discount code has expired.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No discount code is applied.')).toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
    expect(useCartStore.getState().discountCode).toBe('');
  });

  it('reports a failed request the same way', async () => {
    const error = vi.spyOn(toast, 'error');
    let first = true;
    const { user } = openCheckout({
      [PRICING]: () => {
        if (first) {
          first = false;
          return { status: 200, data: priced() };
        }
        return { status: 500, data: { message: 'boom' } };
      },
    });
    await within(summary()).findByText('$499.00', { selector: 'td' });
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'TEAM15');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('Failed to apply discount code. Please try again.'),
    ).toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
    expect(useCartStore.getState().discountCode).toBe('');
  });

  it.each(['', '   '])(
    'answers Enter in the field %j with "Please enter a discount code"',
    async (typed) => {
      const { user, calls } = openCheckout();
      await within(summary()).findByText('$499.00', { selector: 'td' });
      const field = screen.getByRole('textbox', { name: 'Discount code' });
      await user.type(field, `${typed}{Enter}`);
      expect(await screen.findByText('Please enter a discount code')).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(calls('POST', '/api/courses/pricing')).toHaveLength(1);
    },
  );

  it('says which code is still applied after a refused one, and drops the error once a code applies', async () => {
    useCartStore.getState().updateDiscountCode('SAVE10');
    const { user } = openCheckout({
      [PRICING]: (request) => {
        const code = (request.body as { discountCode: string | null }).discountCode;
        if (code === 'NOSUCH') {
          return {
            status: 200,
            data: { ...priced(), success: false, message: 'This discount code does not exist.' },
          };
        }
        return { status: 200, data: priced(code === 'TEAM15' ? 15 : 10) };
      },
    });
    expect(await screen.findByText('Code SAVE10 applied: 10% off')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Discount code' });
    await user.clear(field);
    await user.type(field, 'NOSUCH{Enter}');
    expect(
      await screen.findByText('Failed to apply discount code: This discount code does not exist.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Code SAVE10 is still applied.')).toBeInTheDocument();
    expect(within(summary()).getByText('10% off')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'TEAM15{Enter}');
    expect(await screen.findByText('Code TEAM15 applied: 15% off')).toBeInTheDocument();
    expect(screen.getByText('Discount code applied successfully')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to apply discount code/)).not.toBeInTheDocument();
    expect(screen.queryByText(/still applied/)).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('drops a refused code’s error when the summary is priced anew', async () => {
    const { user } = openCheckout({
      [PRICING]: (request) => {
        const body = request.body as { discountCode: string | null; countryCode: string };
        if (body.discountCode) {
          return {
            status: 200,
            data: { ...priced(), success: false, message: 'This discount code does not exist.' },
          };
        }
        return { status: 200, data: priced(0, body.countryCode === 'IN' ? 'INR' : 'USD') };
      },
    });
    await within(summary()).findByText('$499.00', { selector: 'td' });
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'NOSUCH{Enter}');
    expect(await screen.findByText(/This discount code does not exist/)).toBeInTheDocument();

    // Choosing India prices the cart in rupees: the old refusal is about another summary.
    const country = await screen.findByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(country).toBeEnabled());
    await user.selectOptions(country, 'IN');
    await within(summary()).findByText('₹41,299.00', { selector: 'td' });
    expect(screen.queryByText(/This discount code does not exist/)).not.toBeInTheDocument();
  });

  it('disables Apply while a code is being applied', async () => {
    const answer = deferred<{ status: number; data: unknown }>();
    let first = true;
    const { user } = openCheckout({
      [PRICING]: () => {
        if (first) {
          first = false;
          return { status: 200, data: priced() };
        }
        return answer.promise;
      },
    });
    await within(summary()).findByText('$499.00', { selector: 'td' });
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'TEAM15');
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeEnabled();
    await user.click(apply);
    await waitFor(() => expect(apply).toBeDisabled());
    answer.resolve({ status: 200, data: priced(15) });
    await waitFor(() => expect(apply).toBeEnabled());
  });
});

describe('billing form', () => {
  it('requires First Name, Last Name, Country and Zipcode, and sends nothing until they are given', async () => {
    const { user, calls } = openCheckout();
    await billingForm();
    await user.click(screen.getByRole('button', { name: 'Pay by PayPal Invoice' }));

    expect(await screen.findByText('First Name is required')).toBeInTheDocument();
    expect(screen.getByText('Last Name is required')).toBeInTheDocument();
    expect(screen.getByText('Country is required')).toBeInTheDocument();
    expect(screen.getByText('Zipcode is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveAccessibleDescription(
      'First Name is required',
    );
    expect(screen.getByRole('textbox', { name: 'City' })).not.toHaveAttribute('aria-invalid');
    expect(calls('POST', '/api/checkout/paypal-invoice')).toHaveLength(0);
  });

  it('takes the zipcode in a telephone-type input', async () => {
    openCheckout();
    await billingForm();
    expect(screen.getByRole('textbox', { name: 'Zipcode' })).toHaveAttribute('type', 'tel');
  });

  it('lists about 250 countries, including Kosovo, Curaçao and Sint Maarten', async () => {
    openCheckout();
    const country = await screen.findByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(country).toBeEnabled());
    const options = within(country)
      .getAllByRole('option')
      .filter((option) => (option as HTMLOptionElement).value !== '');
    expect(options.length).toBeGreaterThanOrEqual(240);
    expect(options.length).toBeLessThanOrEqual(260);
    const names = options.map((option) => option.textContent);
    expect(names).toContain('Kosovo');
    expect(names).toContain('Curaçao');
    expect(names.some((name) => name?.startsWith('Sint Maarten'))).toBe(true);
    expect(within(country).getByRole('option', { name: 'Kosovo' })).toHaveValue('XK');
  });

  it('clears State and City when the country changes', async () => {
    const { user } = openCheckout();
    await fillBilling(user);
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('California');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'CA');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('');
    expect(
      within(screen.getByRole('combobox', { name: 'State' })).getByRole('option', {
        name: 'Ontario',
      }),
    ).toBeInTheDocument();
    expect(useCartStore.getState().billingInformation).toMatchObject({
      country: 'Canada',
      isoCode: 'CA',
      state: '',
      city: '',
    });
  });

  it('keeps what was typed in the cart', async () => {
    const { user } = openCheckout();
    await fillBilling(user);
    expect(useCartStore.getState().billingInformation).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'United States',
      isoCode: 'US',
      state: 'California',
      city: 'San Jose',
      zipcode: '95134',
    });
  });
});

describe('pay by PayPal invoice', () => {
  it('sends the invoice request and opens "How it works?", which says it was sent', async () => {
    const loading = vi.spyOn(toast, 'loading');
    const success = vi.spyOn(toast, 'success');
    const dismiss = vi.spyOn(toast, 'dismiss');
    useCartStore.getState().updateDiscountCode('TEAM15');
    const { user, calls } = openCheckout({ [PRICING]: { status: 200, data: priced(15) } });
    await fillBilling(user);
    await user.click(screen.getByRole('button', { name: 'Pay by PayPal Invoice' }));

    const dialog = await screen.findByRole('dialog', { name: 'How it works?' });
    expect(loading).toHaveBeenCalledWith('Generating invoice...');
    // Said once, in the dialog: the loading toast goes, no success toast behind the backdrop.
    expect(dialog).toHaveAccessibleDescription(
      'Invoice has been generated and sent to your email.',
    );
    expect(success).not.toHaveBeenCalled();
    expect(dismiss).toHaveBeenCalledWith(loading.mock.results[0]!.value);
    const [request] = calls('POST', '/api/checkout/paypal-invoice');
    expect(request!.headers.Authorization).toBe('Bearer id-token');
    expect(request!.body).toEqual({
      userEmail: BUYER_EMAIL,
      selfLearn: false,
      courseInfo: [workshopItem],
      billingInformation: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        country: 'United States',
        state: 'California',
        city: 'San Jose',
        zipcode: '95134',
        isoCode: 'US',
      },
      discountCode: 'TEAM15',
    });
    expect(within(dialog).getByRole('link', { name: 'courses portal' })).toHaveAttribute(
      'href',
      'https://courses.example.com/',
    );
  });

  it.each([
    [true, 'You already have an invoice for this batch: it has been sent to your email again.'],
    [
      false,
      'You already have an invoice for this batch, sent to your email earlier; it was not sent again just now. My orders shows it.',
    ],
  ])(
    'a second checkout of an open order (sent again: %s) says only what happened',
    async (sentAgain, words) => {
      const { user } = openCheckout({
        [INVOICE]: {
          status: 200,
          data: {
            orderId: 'o1',
            status: 'awaiting_payment',
            invoiceNumber: 'W7-1',
            reused: true,
            sentAgain,
          },
        },
      });
      await fillBilling(user);
      await user.click(screen.getByRole('button', { name: 'Pay by PayPal Invoice' }));
      const dialog = await screen.findByRole('dialog', { name: 'How it works?' });
      expect(dialog).toHaveAccessibleDescription(words);
      expect(
        screen.queryByText('Invoice has been generated and sent to your email.'),
      ).not.toBeInTheDocument();
    },
  );

  it.each([
    [409, checkoutTexts.invoice.alreadyPurchased],
    [500, checkoutTexts.invoice.failed],
    [400, checkoutTexts.invoice.failed],
  ])('answers %i with its 7-second error toast', async (status, message) => {
    const loading = vi.spyOn(toast, 'loading');
    const error = vi.spyOn(toast, 'error');
    const { user } = openCheckout({ [INVOICE]: { status, data: { message: 'no' } } });
    await fillBilling(user);
    await user.click(screen.getByRole('button', { name: 'Pay by PayPal Invoice' }));

    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(message, {
        id: loading.mock.results[0]!.value,
        duration: 7000,
      }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay by PayPal Invoice' })).toBeEnabled();
  });

  it('disables the button while the invoice is being generated', async () => {
    const answer = deferred<{ status: number; data: unknown }>();
    const { user } = openCheckout({ [INVOICE]: () => answer.promise });
    await fillBilling(user);
    const pay = screen.getByRole('button', { name: 'Pay by PayPal Invoice' });
    await user.click(pay);
    await waitFor(() => expect(pay).toBeDisabled());
    answer.resolve({ status: 200, data: {} });
    await screen.findByRole('dialog', { name: 'How it works?' });
  });

  it('empties the cart when the buyer follows My orders out of "How it works?"', async () => {
    const { user, router } = openCheckout();
    await fillBilling(user);
    await user.click(screen.getByRole('button', { name: 'Pay by PayPal Invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'How it works?' });
    await user.click(within(dialog).getByRole('link', { name: 'My orders' }));
    await screen.findByRole('heading', { name: 'Page at /my-orders' });
    expect(router.state.location.pathname).toBe('/my-orders');
    expect(useCartStore.getState().cartItems).toHaveLength(0);
  });

  it('switches the dialog between its two views, and Close empties the cart', async () => {
    const { user, router } = openCheckout();
    await fillBilling(user);
    await user.click(screen.getByRole('button', { name: 'Pay by PayPal Invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'How it works?' });
    expect(within(dialog).getByText('Check your email for the invoice')).toBeInTheDocument();

    await user.click(
      within(dialog).getByRole('button', { name: 'Paying from India? See how to pay' }),
    );
    expect(screen.getByRole('dialog', { name: 'How to Pay?' })).toBeInTheDocument();
    expect(within(dialog).getByText('Option 1: Debit or credit card')).toBeInTheDocument();
    expect(within(dialog).getByText(/up to 3 days/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Back to how it works' }));
    expect(screen.getByRole('dialog', { name: 'How it works?' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await screen.findByRole('heading', { name: 'Page at /wifi7-workshop' });
    expect(router.state.location.pathname).toBe('/wifi7-workshop');
    expect(useCartStore.getState()).toMatchObject({
      cartItems: [],
      billingInformation: {},
      discountCode: '',
    });
  });
});

describe('India path', () => {
  it('hides the billing form when the look-up says IN, and prices in rupees', async () => {
    visitorCountryIs('IN');
    const { user, router, calls } = openCheckout({
      [PRICING]: { status: 200, data: priced(0, 'INR') },
      [CARRY_DISCOUNT]: { status: 200, data: { applied: false, message: 'No discount code.' } },
    });
    const proceed = await screen.findByRole('button', { name: 'Proceed with Zoho Payment' });
    expect(
      screen.queryByRole('region', { name: checkoutTexts.billing.title }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay by PayPal Invoice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change country' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(summary()).getByRole('row', { name: /Total/ })).toHaveTextContent('₹41,299.00'),
    );
    expect(calls('POST', '/api/courses/pricing')[0]!.body).toMatchObject({ countryCode: 'IN' });

    await user.click(proceed);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/zoho-contact'));
    // The payment step's request carries no code: the cart's (none here) is told first.
    expect(calls('PUT', '/api/checkout/applied-discount')[0]!.body).toEqual({
      productSku: 'WIFI7-LIVE',
      discountCode: null,
    });
  });

  it('carries the applied code to the India payment step, and stays when that fails', async () => {
    visitorCountryIs('IN');
    useCartStore.getState().updateDiscountCode('SAVE10');
    let failing = true;
    const error = vi.spyOn(toast, 'error');
    const { user, router, calls } = openCheckout({
      [PRICING]: { status: 200, data: priced(10, 'INR') },
      [CARRY_DISCOUNT]: () =>
        failing
          ? { status: 503, data: { message: 'down' } }
          : { status: 200, data: { applied: true, message: 'Discount code applied.' } },
    });
    const proceed = await screen.findByRole('button', { name: 'Proceed with Zoho Payment' });
    await user.click(proceed);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to apply discount code'));
    expect(router.state.location.pathname).toBe('/checkout');

    failing = false;
    await user.click(proceed);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/zoho-contact'));
    expect(calls('PUT', '/api/checkout/applied-discount').map((call) => call.body)).toEqual([
      { productSku: 'WIFI7-LIVE', discountCode: 'SAVE10' },
      { productSku: 'WIFI7-LIVE', discountCode: 'SAVE10' },
    ]);
  });

  it('switches to the India path when the buyer chooses India, and back', async () => {
    const { user } = openCheckout({
      [PRICING]: (request) => ({
        status: 200,
        data: priced(
          0,
          (request.body as { countryCode: string }).countryCode === 'IN' ? 'INR' : 'USD',
        ),
      }),
    });
    const country = await screen.findByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(country).toBeEnabled());
    await user.selectOptions(country, 'IN');

    const heading = await screen.findByRole('heading', { name: 'Payment from India' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Proceed with Zoho Payment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay by PayPal Invoice' })).not.toBeInTheDocument();
    expect(useCartStore.getState().billingInformation).toMatchObject({
      isoCode: 'IN',
      country: 'India',
    });

    await user.click(screen.getByRole('button', { name: 'Change country' }));
    expect(await billingForm()).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: checkoutTexts.billing.title })).toHaveFocus();
    expect(await screen.findByRole('combobox', { name: 'Country' })).toHaveValue('');
  });
});

describe('buying for a company', () => {
  const companySection = () => screen.getByText('Buying for a company?').closest('details')!;

  it("keeps the spec's billing form, with the company fields in a closed section", async () => {
    openCheckout();
    await billingForm();
    expect(companySection()).not.toHaveAttribute('open');
    for (const name of ['First Name', 'Last Name', 'City', 'Zipcode'])
      expect(screen.getByRole('textbox', { name })).toBeInTheDocument();
    for (const name of ['Country', 'State'])
      expect(screen.getByRole('combobox', { name })).toBeInTheDocument();
  });

  it('sends the company and its VAT / tax ID with the billing information', async () => {
    const { user, calls } = openCheckout();
    await fillBilling(user);
    await user.click(screen.getByText('Buying for a company?'));
    await user.type(screen.getByRole('textbox', { name: 'Company' }), ' Analytical Engines Inc ');
    await user.type(screen.getByRole('textbox', { name: 'VAT / Tax ID' }), 'US12-3456789');
    await user.click(screen.getByRole('button', { name: 'Pay by PayPal Invoice' }));

    await screen.findByRole('dialog', { name: 'How it works?' });
    expect(calls('POST', '/api/checkout/paypal-invoice')[0]!.body).toMatchObject({
      billingInformation: {
        firstName: 'Ada',
        zipcode: '95134',
        company: 'Analytical Engines Inc',
        taxId: 'US12-3456789',
      },
    });
  });

  it('opens the section on a tax id error and sends nothing', async () => {
    const { user, calls } = openCheckout();
    await fillBilling(user);
    await user.click(screen.getByText('Buying for a company?'));
    await user.type(screen.getByRole('textbox', { name: 'VAT / Tax ID' }), 'DE<123>');
    await user.click(screen.getByText('Buying for a company?'));
    expect(companySection()).not.toHaveAttribute('open');
    await user.click(screen.getByRole('button', { name: 'Pay by PayPal Invoice' }));

    expect(
      await screen.findByText('VAT / Tax ID may only have letters, digits, spaces and . / -'),
    ).toBeInTheDocument();
    expect(companySection()).toHaveAttribute('open');
    expect(calls('POST', '/api/checkout/paypal-invoice')).toHaveLength(0);
  });
});
