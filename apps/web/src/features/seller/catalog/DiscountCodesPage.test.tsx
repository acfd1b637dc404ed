import type { SellerDiscountCode, SellerDiscountCodeList, SellerPriceList } from '@wifi7/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../testing/render-with-query';
import { scriptApi, signIn, type Handler } from '../../../testing/checkout-helpers';
import DiscountCodesPage from './DiscountCodesPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const workshops = [{ sku: 'WIFI7-LIVE', name: 'Wi-Fi 7 Live', active: true }];

const priceList: SellerPriceList = {
  workshops: [{ ...workshops[0]!, prices: { USD: 49_900, INR: 4_129_900 }, holdHours: 72 }],
  currencies: ['USD', 'INR'],
};

const code = (overrides: Partial<SellerDiscountCode> = {}): SellerDiscountCode => ({
  code: 'TEAM15',
  percent: 15,
  workshopSku: 'WIFI7-LIVE',
  validFrom: null,
  validUntil: '2027-01-05T08:00:00.000Z',
  maxUses: 25,
  uses: 7,
  active: true,
  availability: 'usable',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const codeList = (...codes: SellerDiscountCode[]): SellerDiscountCodeList => ({
  codes,
  workshops,
});

type Reply = { status: number; data?: unknown };

function openPage(routes: Record<string, Handler | Reply> = {}) {
  const api = scriptApi({
    'GET /api/seller/prices': { status: 200, data: priceList },
    'GET /api/seller/discount-codes': { status: 200, data: codeList(code()) },
    ...routes,
  });
  renderWithQuery(<DiscountCodesPage />);
  return { ...api, user: userEvent.setup() };
}

beforeEach(async () => {
  await signIn('seller@example.com');
});

describe('the prices and discount codes page', () => {
  it('shows the prices and each code with its terms, uses and state', async () => {
    openPage({
      'GET /api/seller/discount-codes': {
        status: 200,
        data: codeList(
          code(),
          code({ code: 'OLD', active: false, availability: 'disabled', maxUses: null, uses: 3 }),
        ),
      },
    });
    const prices = await screen.findByRole('region', { name: 'Prices' });
    expect(within(prices).getByText('$499.00')).toBeInTheDocument();
    expect(within(prices).getByText('₹41,299.00')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Discount codes' });
    const team = within(table).getByRole('row', { name: /TEAM15/ });
    expect(team).toHaveTextContent('15%');
    expect(team).toHaveTextContent('Wi-Fi 7 Live');
    // Until midnight, Jan 5, Pacific Time: the code's last day is Jan 4.
    expect(team).toHaveTextContent('Until the end of Mon, Jan 4, 2027 (PT)');
    expect(team).toHaveTextContent('7 / 25');
    expect(team).toHaveTextContent('Active');
    const old = within(table).getByRole('row', { name: /OLD/ });
    expect(old).toHaveTextContent('Disabled');
    expect(within(old).getByRole('button', { name: 'Enable OLD' })).toBeInTheDocument();
    expect(document.title).toBe('Prices and discount codes · Back office');
  });

  it('creates a code: upper case, Pacific times sent as instants, at once in the list', async () => {
    const success = vi.spyOn(toast, 'success');
    let created = false;
    const { user, calls } = openPage({
      'GET /api/seller/discount-codes': () => ({
        status: 200,
        data: created
          ? codeList(code(), code({ code: 'SPRING25', percent: 25 }))
          : codeList(code()),
      }),
      'POST /api/seller/discount-codes': () => {
        created = true;
        return { status: 201, data: code({ code: 'SPRING25', percent: 25 }) };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New code' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New discount code' }));
    await user.type(dialog.getByLabelText('Code'), 'spring25');
    await user.type(dialog.getByLabelText('Percent off'), '25');
    await user.type(dialog.getByLabelText('Maximum uses'), '50');
    fireEvent.change(dialog.getByLabelText('Valid until'), {
      target: { value: '2027-05-01T00:00' },
    });
    await user.click(dialog.getByRole('button', { name: 'Create code' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Created SPRING25.'));
    expect(calls('POST', '/api/seller/discount-codes')[0]!.body).toEqual({
      code: 'SPRING25',
      percent: 25,
      workshopSku: null,
      validFrom: null,
      validUntil: '2027-05-01T07:00:00.000Z',
      maxUses: 50,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await within(screen.getByRole('table')).findByRole('row', { name: /SPRING25/ }),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal in the dialog, and refuses a bad percent itself', async () => {
    const { user, calls } = openPage({
      'POST /api/seller/discount-codes': {
        status: 409,
        data: { statusCode: 409, error: 'Conflict', message: 'The code TEAM15 already exists.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New code' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.type(dialog.getByLabelText('Code'), 'team15');
    await user.type(dialog.getByLabelText('Percent off'), '100');
    await user.click(dialog.getByRole('button', { name: 'Create code' }));
    expect(await dialog.findByText('Give a whole percent from 1 to 99.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Percent off')).toHaveAttribute('aria-invalid', 'true');
    // The hint under the field says something the error does not.
    expect(dialog.getByLabelText('Percent off')).toHaveAccessibleDescription(
      "Taken off the workshop's price at checkout. Give a whole percent from 1 to 99.",
    );
    expect(calls('POST', '/api/seller/discount-codes')).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Percent off'));
    await user.type(dialog.getByLabelText('Percent off'), '10');
    await user.click(dialog.getByRole('button', { name: 'Create code' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The code TEAM15 already exists.');
  });

  it('edits a code’s terms, never its name, and keeps its limit above its uses', async () => {
    const { user, calls } = openPage({
      'PUT /api/seller/discount-codes/TEAM15': { status: 200, data: code({ maxUses: 30 }) },
    });
    await user.click(
      within(await screen.findByRole('table')).getByRole('button', { name: 'Edit TEAM15' }),
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Edit TEAM15' }));
    expect(dialog.queryByLabelText('Code')).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Valid until')).toHaveValue('2027-01-05T00:00');
    const limit = dialog.getByLabelText('Maximum uses');
    await user.clear(limit);
    await user.type(limit, '5');
    await user.click(dialog.getByRole('button', { name: 'Save code' }));
    expect(
      await dialog.findByText('At least 7: the code has been used that often.'),
    ).toBeInTheDocument();
    await user.clear(limit);
    await user.type(limit, '30');
    await user.click(dialog.getByRole('button', { name: 'Save code' }));
    await waitFor(() => expect(calls('PUT', '/api/seller/discount-codes/TEAM15')).toHaveLength(1));
    expect(calls('PUT', '/api/seller/discount-codes/TEAM15')[0]!.body).toEqual({
      percent: 15,
      workshopSku: 'WIFI7-LIVE',
      validFrom: null,
      validUntil: '2027-01-05T08:00:00.000Z',
      maxUses: 30,
    });
  });

  it('disables a code after asking', async () => {
    const { user, calls } = openPage({
      'PUT /api/seller/discount-codes/TEAM15/state': {
        status: 200,
        data: code({ active: false, availability: 'disabled' }),
      },
    });
    await user.click(
      within(await screen.findByRole('table')).getByRole('button', { name: 'Disable TEAM15' }),
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Disable TEAM15?' }));
    await user.click(dialog.getByRole('button', { name: 'Disable code' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('PUT', '/api/seller/discount-codes/TEAM15/state')[0]!.body).toEqual({
      state: 'disabled',
    });
  });

  it('changes a price in major units and sends minor units', async () => {
    const { user, calls } = openPage({
      'PUT /api/seller/prices/WIFI7-LIVE': {
        status: 200,
        data: { ...priceList.workshops[0]!, prices: { USD: 45_050, INR: 4_129_900 } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit prices of Wi-Fi 7 Live' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Prices of Wi-Fi 7 Live' }));
    const usd = dialog.getByLabelText('Price in US dollars');
    expect(usd).toHaveValue('499.00');
    await user.clear(usd);
    await user.type(usd, '450.5');
    await user.click(dialog.getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(calls('PUT', '/api/seller/prices/WIFI7-LIVE')).toHaveLength(1));
    expect(calls('PUT', '/api/seller/prices/WIFI7-LIVE')[0]!.body).toEqual({
      USD: 45_050,
      INR: 4_129_900,
    });
  });

  it('sets how long an unpaid order holds its seat, in whole hours from 1 to 168', async () => {
    const { user, calls } = openPage({
      'PUT /api/seller/prices/WIFI7-LIVE/hold': {
        status: 200,
        data: { ...priceList.workshops[0]!, holdHours: 24 },
      },
    });
    const prices = await screen.findByRole('region', { name: 'Prices' });
    expect(within(prices).getByText('72 h')).toBeInTheDocument();
    await user.click(
      within(prices).getByRole('button', { name: 'Edit the unpaid hold of Wi-Fi 7 Live' }),
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Unpaid orders of Wi-Fi 7 Live' }));
    const hours = dialog.getByLabelText(/Hold an unpaid order's seat for/);
    expect(hours).toHaveValue('72');
    await user.clear(hours);
    await user.type(hours, '200');
    await user.click(dialog.getByRole('button', { name: 'Save hold' }));
    expect(await dialog.findByText('At most 168 hours (a week)')).toBeInTheDocument();
    expect(calls('PUT', '/api/seller/prices/WIFI7-LIVE/hold')).toHaveLength(0);
    await user.clear(hours);
    await user.type(hours, '24');
    await user.click(dialog.getByRole('button', { name: 'Save hold' }));
    await waitFor(() => expect(calls('PUT', '/api/seller/prices/WIFI7-LIVE/hold')).toHaveLength(1));
    expect(calls('PUT', '/api/seller/prices/WIFI7-LIVE/hold')[0]!.body).toEqual({ holdHours: 24 });
  });
});
