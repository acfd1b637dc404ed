import type { SellerOrderRow } from '@wifi7/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scriptApi, signIn } from '../../../testing/checkout-helpers';
import OrdersPage from './OrdersPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const row = (id: string, changes: Partial<SellerOrderRow>): SellerOrderRow => ({
  id,
  email: `${id.toLowerCase()}@corp.example`,
  name: 'Grace Hopper',
  batchId: 'WIFI7-2027-01-AM',
  batchDescription: 'Jan 12 - Mar 4, 2027 (Americas)',
  rail: 'paypal_invoice',
  currency: 'USD',
  totalMinor: 49_900,
  discountCode: null,
  status: 'paid',
  createdAt: '2027-01-02T17:00:00.000Z',
  paidAt: null,
  updatedAt: '2027-01-02T17:00:00.000Z',
  needsAttention: false,
  seatCount: 1,
  groupOrder: false,
  ...changes,
});

const page = (items: SellerOrderRow[]) => ({
  status: 200,
  data: { items, page: 1, pageSize: 50, total: items.length },
});

function openAt(address: string) {
  const api = scriptApi({
    'GET /api/seller/orders': page([
      row('COMPANY1', { seatCount: 3, groupOrder: true, totalMinor: 134_730 }),
      row('SINGLE1', {}),
    ]),
    'GET /api/seller/batch-choices': { status: 200, data: { batches: [] } },
    'GET /api/seller/orders.csv': { status: 200, data: '"Order"\r\n' },
  });
  const router = createMemoryRouter([{ path: '/seller/orders', element: <OrdersPage /> }], {
    initialEntries: [address],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...api, router, user: userEvent.setup() };
}

beforeEach(async () => {
  await signIn('seller@example.com');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the orders list', () => {
  it('filters company purchases through the address, and asks the server for that kind', async () => {
    const { user, router, requests } = openAt('/seller/orders?state=paid');
    const kind = await screen.findByRole('combobox', { name: 'Kind' });
    expect(kind).toHaveValue('');
    await user.selectOptions(kind, 'Company purchases');
    expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('group');
    expect(new URLSearchParams(router.state.location.search).get('state')).toBe('paid');
    await waitFor(() =>
      expect(
        requests.filter((request) => request.url === '/api/seller/orders').at(-1)?.query,
      ).toEqual({ state: 'paid', kind: 'group', page: '1', pageSize: '50' }),
    );
  });

  it('reads the kind from the address', async () => {
    const single = openAt('/seller/orders?kind=single');
    expect(await screen.findByRole('combobox', { name: 'Kind' })).toHaveValue('single');
    await waitFor(() =>
      expect(single.calls('GET', '/api/seller/orders')[0]?.query).toMatchObject({ kind: 'single' }),
    );
    single.router.dispose();
  });

  it('ignores a kind it does not know', async () => {
    const { calls } = openAt('/seller/orders?kind=company');
    expect(await screen.findByRole('combobox', { name: 'Kind' })).toHaveValue('');
    await waitFor(() => expect(calls('GET', '/api/seller/orders')).toHaveLength(1));
    expect(calls('GET', '/api/seller/orders')[0]?.query).not.toHaveProperty('kind');
  });

  it('marks a company purchase’s seats beside its total', async () => {
    openAt('/seller/orders');
    const table = within(await screen.findByRole('table'));
    const company = await table.findByRole('row', { name: /COMPANY1/ });
    expect(company).toHaveTextContent('×3');
    expect(within(company).getByText('company purchase, 3 seats')).toBeInTheDocument();
    expect(table.getByRole('row', { name: /SINGLE1/ })).not.toHaveTextContent('×');
  });

  it('exports one row per seat with the list’s filters', async () => {
    // jsdom makes no object URLs: the download's link gets a stand-in.
    class DownloadableURL extends URL {
      static override createObjectURL = () => 'blob:orders';
      static override revokeObjectURL = () => {};
    }
    vi.stubGlobal('URL', DownloadableURL);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, calls } = openAt('/seller/orders?kind=group&q=corp.example');
    await user.click(await screen.findByRole('button', { name: 'Export seats CSV' }));
    await waitFor(() => expect(calls('GET', '/api/seller/orders.csv')).toHaveLength(1));
    expect(calls('GET', '/api/seller/orders.csv')[0]?.query).toEqual({
      kind: 'group',
      q: 'corp.example',
      rows: 'seats',
    });
  });
});
