import type { GroupSales } from '@wifi7/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
// The back office loads zod's English words (SellerApp), which the contract's checks speak.
import '../../../lib/zod-english';
import { renderWithQuery } from '../../../testing/render-with-query';
import { scriptApi, signIn, type Handler } from '../../../testing/checkout-helpers';
import GroupSalesPage from './GroupSalesPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const URL = '/api/seller/group-sales';
type Reply = { status: number; data?: unknown };

const SAVED: GroupSales = {
  maxSeatsPerOrder: 10,
  volumeTiers: [{ minSeats: 3, percent: 10 }],
  namesUntilDaysBefore: 7,
};

function openPage(settings: GroupSales, routes: Record<string, Handler | Reply> = {}) {
  const api = scriptApi({ [`GET ${URL}`]: { status: 200, data: { settings } }, ...routes });
  renderWithQuery(<GroupSalesPage />);
  return { ...api, user: userEvent.setup() };
}

/** Echoes the settings it is sent, as the server answers a save. */
const echo: Handler = (request) => ({ status: 200, data: { settings: request.body } });

const preview = () => screen.getByRole('region', { name: 'Preview' });

beforeEach(async () => {
  await signIn('seller@example.com');
});

describe('the company purchases page', () => {
  it('shows the settings in force and previews the discounts in a sentence', async () => {
    openPage({ ...SAVED, volumeTiers: [...SAVED.volumeTiers, { minSeats: 5, percent: 15 }] });
    expect(await screen.findByLabelText('Most seats in one order')).toHaveValue('10');
    expect(screen.getByLabelText('Attendees can be changed until')).toHaveValue('7');
    expect(screen.getByLabelText('Discount 1: from seats')).toHaveValue('3');
    expect(screen.getByLabelText('Discount 2: percent off')).toHaveValue('15');
    expect(preview()).toHaveTextContent('3+ seats: 10 % off; 5+ seats: 15 % off');
    expect(document.title).toBe('Company purchases · Back office');
  });

  it('adds and removes discounts, up to five, and saves the settings as numbers', async () => {
    const success = vi.spyOn(toast, 'success');
    const { user, calls } = openPage(SAVED, { [`PUT ${URL}`]: echo });
    const add = await screen.findByRole('button', { name: 'Add a volume discount' });
    await user.click(add);
    // The new row's first field takes the focus.
    expect(screen.getByLabelText('Discount 2: from seats')).toHaveFocus();
    await user.type(screen.getByLabelText('Discount 2: from seats'), '5');
    await user.type(screen.getByLabelText('Discount 2: percent off'), '15');
    expect(preview()).toHaveTextContent('3+ seats: 10 % off; 5+ seats: 15 % off');
    for (let more = 0; more < 3; more += 1) await user.click(add);
    expect(add).toBeDisabled();
    expect(screen.getByText('Up to 5 volume discounts.')).toBeInTheDocument();
    for (const number of [5, 4, 3])
      await user.click(screen.getByRole('button', { name: `Remove discount ${number}` }));
    expect(add).toBeEnabled();
    expect(add).toHaveFocus();
    await user.clear(screen.getByLabelText('Most seats in one order'));
    await user.type(screen.getByLabelText('Most seats in one order'), '25');
    await user.clear(screen.getByLabelText('Attendees can be changed until'));
    await user.type(screen.getByLabelText('Attendees can be changed until'), '0');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(calls('PUT', URL)).toHaveLength(1));
    expect(calls('PUT', URL)[0]!.body).toEqual({
      maxSeatsPerOrder: 25,
      volumeTiers: [
        { minSeats: 3, percent: 10 },
        { minSeats: 5, percent: 15 },
      ],
      namesUntilDaysBefore: 0,
    });
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'Company purchase settings saved: checkouts from now on use them.',
      ),
    );
    expect(await screen.findByText('No unsaved changes')).toBeInTheDocument();
  });

  it('says next to each field what the contract refuses, and sends nothing', async () => {
    const { user, calls } = openPage(SAVED, { [`PUT ${URL}`]: echo });
    const maxSeats = await screen.findByLabelText('Most seats in one order');
    await user.clear(maxSeats);
    await user.type(maxSeats, '60');
    await user.click(screen.getByRole('button', { name: 'Add a volume discount' }));
    const minSeats = screen.getByLabelText('Discount 2: from seats');
    const percent = screen.getByLabelText('Discount 2: percent off');
    await user.type(minSeats, '2');
    await user.type(percent, '5');
    expect(preview()).toHaveTextContent('The preview shows once every field above is right.');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(maxSeats).toHaveAttribute('aria-invalid', 'true');
    expect(maxSeats).toHaveAccessibleDescription(
      expect.stringContaining('Too big: expected number to be <=50'),
    );
    // The second discount does not rise above the first: said under its row, for both fields.
    const message =
      'Each volume discount needs more seats and a larger percent than the one before';
    expect(minSeats).toHaveAccessibleDescription(message);
    expect(percent).toHaveAccessibleDescription(message);
    expect(minSeats).toHaveAttribute('aria-invalid', 'true');
    expect(calls('PUT', URL)).toHaveLength(0);

    await user.clear(percent);
    await user.type(percent, 'a lot');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(percent).toHaveAccessibleDescription(expect.stringContaining('Give a whole number.'));
    expect(calls('PUT', URL)).toHaveLength(0);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const { user } = openPage(SAVED, {
      [`PUT ${URL}`]: { status: 403, data: { message: 'Sellers only.' } },
    });
    const days = await screen.findByLabelText('Attendees can be changed until');
    await user.clear(days);
    await user.type(days, '3');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The settings were not saved')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Sellers only.');
    expect(days).toHaveValue('3');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });
});
