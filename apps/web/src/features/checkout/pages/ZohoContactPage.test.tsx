import { GSTIN_CHECKSUM_MESSAGE, GSTIN_INVALID_MESSAGE, INDIAN_STATES } from '@wifi7/contract';
import { screen, within } from '@testing-library/react';
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
  type Handler,
} from '../../../testing/checkout-helpers';
import { ZohoContactPage } from './ZohoContactPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const LOOKUP = `GET /api/zoho-books/contacts/email/${encodeURIComponent(BUYER_EMAIL)}`;
const CREATE = 'POST /api/zoho-books/contacts';

beforeEach(async () => {
  toast.remove();
  await signIn();
  fillCart();
});

type Reply = { status: number; data?: unknown };

function openContactPage(routes: Record<string, Handler | Reply> = {}) {
  const api = scriptApi({
    [LOOKUP]: { status: 200, data: { code: 0, message: 'none', contact: null } },
    [CREATE]: { status: 200, data: { code: 0, message: 'added', contact: { contact_id: 'c-1' } } },
    ...routes,
  });
  const router = renderRoute('/checkout/zoho-contact', <ZohoContactPage />);
  return { ...api, router, user: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('India contact page', () => {
  it('goes straight to the payment link page when the contact exists', async () => {
    const success = vi.spyOn(toast, 'success');
    const { router, calls } = openContactPage({
      [LOOKUP]: {
        status: 200,
        data: { code: 0, message: 'success', contact: { contact_id: 'c-9' } },
      },
    });
    await screen.findByRole('heading', { name: 'Page at /checkout/zoho' });
    expect(router.state.location.pathname).toBe('/checkout/zoho');
    expect(success).toHaveBeenCalledWith('Contact found! Proceeding to payment.');
    expect(localStorage.getItem('zohoUserEmail')).toBe(BUYER_EMAIL);
    expect(
      calls('GET', `/api/zoho-books/contacts/email/${encodeURIComponent(BUYER_EMAIL)}`)[0]!.headers
        .Authorization,
    ).toBe('Bearer id-token');
  });

  it.each([401, 502])('ignores a look-up error (%i) and shows the form', async (status) => {
    const { router } = openContactPage({ [LOOKUP]: { status, data: { message: 'no' } } });
    expect(await screen.findByRole('button', { name: 'Continue to Payment' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout/zoho-contact');
    expect(localStorage.getItem('zohoUserEmail')).toBeNull();
  });

  it('shows the form with the login e-mail read-only and the 28 states', async () => {
    openContactPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contact Information' }),
    ).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Continue to Payment' });
    const email = field('Email');
    expect(email).toHaveValue(BUYER_EMAIL);
    expect(email).toHaveAttribute('readonly');
    const states = within(screen.getByRole('combobox', { name: 'State' }))
      .getAllByRole('option')
      .filter((option) => (option as HTMLOptionElement).value !== '');
    expect(states.map((option) => option.textContent)).toEqual([...INDIAN_STATES]);
    expect(states).toHaveLength(28);
    expect(field('Address').tagName).toBe('TEXTAREA');
  });

  it('marks the required fields and clears each error as its field is edited', async () => {
    const { user, calls } = openContactPage();
    await user.click(await screen.findByRole('button', { name: 'Continue to Payment' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(screen.getByText('Choose a state')).toBeInTheDocument();
    expect(screen.getByText('ZIP Code is required')).toBeInTheDocument();
    expect(field('Address')).not.toHaveAttribute('aria-invalid');
    expect(field('First Name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(field('First Name'), 'A');
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(field('First Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Last name is required')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Kerala');
    expect(screen.queryByText('Choose a state')).not.toBeInTheDocument();
    expect(calls('POST', '/api/zoho-books/contacts')).toHaveLength(0);
  });

  it('asks for a 6-digit PIN code', async () => {
    const { user } = openContactPage();
    await user.type(await screen.findByRole('textbox', { name: 'ZIP Code' }), '1234');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('ZIP Code must be a 6-digit PIN code')).toBeInTheDocument();
  });

  it('creates the contact and continues to the payment link page', async () => {
    const success = vi.spyOn(toast, 'success');
    const { user, router, calls } = openContactPage();
    await user.type(await screen.findByRole('textbox', { name: 'First Name' }), ' Aditi ');
    await user.type(field('Last Name'), 'Rao');
    await user.type(field('Address'), '12 MG Road{Enter}Indiranagar');
    await user.type(field('City'), 'Bengaluru');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Karnataka');
    await user.type(field('ZIP Code'), '560038');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    await screen.findByRole('heading', { name: 'Page at /checkout/zoho' });
    expect(router.state.location.pathname).toBe('/checkout/zoho');
    expect(success).toHaveBeenCalledWith('Contact created successfully!');
    expect(localStorage.getItem('zohoUserEmail')).toBe(BUYER_EMAIL);
    expect(calls('POST', '/api/zoho-books/contacts')[0]!.body).toEqual({
      contact_name: 'Aditi Rao',
      contact_type: 'customer',
      customer_sub_type: 'individual',
      gst_treatment: 'consumer',
      place_of_contact: 'Karnataka',
      contact_persons: [
        { first_name: 'Aditi', last_name: 'Rao', email: BUYER_EMAIL, is_primary_contact: true },
      ],
      billing_address: {
        address: '12 MG Road\nIndiranagar',
        city: 'Bengaluru',
        state: 'Karnataka',
        zip: '560038',
        country: 'India',
      },
    });
  });

  it('reports a failed creation and stays', async () => {
    const error = vi.spyOn(toast, 'error');
    const { user, router } = openContactPage({
      [CREATE]: { status: 502, data: { message: 'down' } },
    });
    await user.type(await screen.findByRole('textbox', { name: 'First Name' }), 'Aditi');
    await user.type(field('Last Name'), 'Rao');
    await user.type(field('City'), 'Pune');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Maharashtra');
    await user.type(field('ZIP Code'), '411001');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to process contact. Please try again.',
    );
    // Said once, beside the form's buttons: no toast of it as well.
    expect(error).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/checkout/zoho-contact');
    expect(localStorage.getItem('zohoUserEmail')).toBeNull();
  });

  it('Cancel goes back to the workshop page', async () => {
    const { user, router } = openContactPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/wifi7-workshop');
  });

  it('sends a buyer with an empty cart to the workshop page', async () => {
    useCartStore.getState().clearCart();
    const { router, requests } = openContactPage();
    await screen.findByRole('heading', { name: 'Page at /wifi7-workshop' });
    expect(router.state.location.pathname).toBe('/wifi7-workshop');
    expect(requests.filter((request) => request.url.includes('zoho'))).toHaveLength(0);
  });
});

describe('a GST-registered buyer', () => {
  const companySection = () => screen.getByText('Buying for a company?').closest('details')!;

  async function fillContact(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByRole('textbox', { name: 'First Name' }), 'Aditi');
    await user.type(field('Last Name'), 'Rao');
    await user.type(field('City'), 'Bengaluru');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Karnataka');
    await user.type(field('ZIP Code'), '560038');
  }

  it("keeps the spec's form, with the company fields in a closed section", async () => {
    openContactPage();
    await screen.findByRole('textbox', { name: 'First Name' });
    expect(companySection()).not.toHaveAttribute('open');
    for (const name of ['First Name', 'Last Name', 'Address', 'City', 'ZIP Code'])
      expect(field(name)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'State' })).toBeInTheDocument();
  });

  it('sends the company and the GSTIN, upper-cased, as a business_gst contact', async () => {
    const { user, calls } = openContactPage();
    await fillContact(user);
    await user.click(screen.getByText('Buying for a company?'));
    expect(companySection()).toHaveAttribute('open');
    await user.type(field('Company'), 'Rao Wireless Pvt Ltd');
    await user.type(field('GSTIN'), '27aapfu0939f1zv');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    await screen.findByRole('heading', { name: 'Page at /checkout/zoho' });
    expect(calls('POST', '/api/zoho-books/contacts')[0]!.body).toMatchObject({
      contact_name: 'Aditi Rao',
      customer_sub_type: 'business',
      gst_treatment: 'business_gst',
      gst_no: '27AAPFU0939F1ZV',
      company_name: 'Rao Wireless Pvt Ltd',
      place_of_contact: 'Karnataka',
    });
  });

  it('refuses a malformed GSTIN and a wrong check character, each with its message', async () => {
    const { user, calls } = openContactPage();
    await fillContact(user);
    await user.click(screen.getByText('Buying for a company?'));
    await user.type(field('GSTIN'), '27AAPFU0939');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText(GSTIN_INVALID_MESSAGE)).toBeInTheDocument();
    expect(field('GSTIN')).toHaveAccessibleDescription(
      expect.stringContaining(GSTIN_INVALID_MESSAGE),
    );

    await user.type(field('GSTIN'), 'F1ZW');
    expect(screen.queryByText(GSTIN_INVALID_MESSAGE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText(GSTIN_CHECKSUM_MESSAGE)).toBeInTheDocument();
    expect(calls('POST', '/api/zoho-books/contacts')).toHaveLength(0);
  });
});
