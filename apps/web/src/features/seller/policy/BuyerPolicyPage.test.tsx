import { NO_BUYER_CHANGES, type BuyerPolicy } from '@wifi7/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../testing/render-with-query';
import { scriptApi, signIn, type Handler } from '../../../testing/checkout-helpers';
import BuyerPolicyPage from './BuyerPolicyPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const URL = '/api/seller/buyer-policy';
type Reply = { status: number; data?: unknown };

function openPage(policy: BuyerPolicy, routes: Record<string, Handler | Reply> = {}) {
  const api = scriptApi({ [`GET ${URL}`]: { status: 200, data: { policy } }, ...routes });
  renderWithQuery(<BuyerPolicyPage />);
  return { ...api, user: userEvent.setup() };
}

/** Echoes the policy it is sent, as the server answers a save. */
const echo: Handler = (request) => ({ status: 200, data: { policy: request.body } });

beforeEach(async () => {
  await signIn('seller@example.com');
});

describe('the buyer policy page', () => {
  it('shows the policy in force, and its terms as buyers read them', async () => {
    openPage({
      refundUntilDaysBefore: 14,
      keep: { kind: 'fixed', USD: 5_000, INR: 400_000 },
      moveUntilDaysBefore: null,
    });
    const refund = await screen.findByLabelText('Buyers may cancel a paid order for a refund');
    expect(refund).toHaveValue('until');
    expect(screen.getByLabelText('Kept in US dollars')).toHaveValue('50.00');
    expect(screen.getByLabelText('Kept in Indian rupees')).toHaveValue('4000.00');
    expect(screen.getByLabelText('Buyers may move to another open batch')).toHaveValue('off');
    expect(document.title).toBe('Buyer policy · Back office');

    const preview = screen.getByRole('region', { name: 'What buyers read' });
    expect(preview).toHaveTextContent(
      'You may cancel a paid order until 14 days before the first session: $50.00 of it is kept.',
    );
    expect(preview).toHaveTextContent(
      'You may cancel a paid order until 14 days before the first session: ₹4,000.00 of it is kept.',
    );
    expect(preview).toHaveTextContent('To move to another batch, write to us.');
  });

  it('saves a valid policy, typed in major units, as days and minor units', async () => {
    const success = vi.spyOn(toast, 'success');
    const { user, calls } = openPage(NO_BUYER_CHANGES, { [`PUT ${URL}`]: echo });
    await user.selectOptions(
      await screen.findByLabelText('Buyers may cancel a paid order for a refund'),
      'until',
    );
    await user.type(
      screen.getAllByLabelText('Until how many days before the first session')[0]!,
      '10',
    );
    await user.selectOptions(screen.getByLabelText('What you keep of a cancelled order'), 'fixed');
    await user.type(screen.getByLabelText('Kept in US dollars'), '49.99');
    await user.type(screen.getByLabelText('Kept in Indian rupees'), '₹4,150');
    await user.selectOptions(
      screen.getByLabelText('Buyers may move to another open batch'),
      'until',
    );
    await user.type(
      screen.getAllByLabelText('Until how many days before the first session')[1]!,
      '0',
    );
    // The preview follows the form before anything is saved.
    expect(screen.getByRole('region', { name: 'What buyers read' })).toHaveTextContent(
      'You may move to another open batch of the workshop until the first session starts, when it has a free seat.',
    );
    await user.click(screen.getByRole('button', { name: 'Save policy' }));

    await waitFor(() => expect(calls('PUT', URL)).toHaveLength(1));
    expect(calls('PUT', URL)[0]!.body).toEqual({
      refundUntilDaysBefore: 10,
      keep: { kind: 'fixed', USD: 4_999, INR: 415_000 },
      moveUntilDaysBefore: 0,
    });
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'Buyer policy saved: orders placed from now on take it.',
      ),
    );
    expect(await screen.findByText('No unsaved changes')).toBeInTheDocument();
  });

  it('leaves out the numbers of a choice that is off', async () => {
    const { user, calls } = openPage(
      { refundUntilDaysBefore: 3, keep: { kind: 'percent', percent: 20 }, moveUntilDaysBefore: 5 },
      { [`PUT ${URL}`]: echo },
    );
    await user.selectOptions(
      await screen.findByLabelText('Buyers may cancel a paid order for a refund'),
      'off',
    );
    expect(screen.queryByLabelText('Percent kept')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(calls('PUT', URL)).toHaveLength(1));
    expect(calls('PUT', URL)[0]!.body).toEqual({
      refundUntilDaysBefore: null,
      keep: { kind: 'nothing' },
      moveUntilDaysBefore: 5,
    });
  });

  it('says what is wrong with each field, sends nothing, and previews no terms', async () => {
    const { user, calls } = openPage(
      { refundUntilDaysBefore: 7, keep: { kind: 'percent', percent: 10 }, moveUntilDaysBefore: 2 },
      { [`PUT ${URL}`]: echo },
    );
    const [refundDays, moveDays] = await screen.findAllByLabelText(
      'Until how many days before the first session',
    );
    await user.clear(refundDays!);
    await user.type(refundDays!, '1.5');
    await user.clear(screen.getByLabelText('Percent kept'));
    await user.type(screen.getByLabelText('Percent kept'), '0');
    await user.clear(moveDays!);
    await user.type(moveDays!, '400');
    expect(screen.getByRole('region', { name: 'What buyers read' })).toHaveTextContent(
      'The terms show once every field above is right.',
    );
    await user.click(screen.getByRole('button', { name: 'Save policy' }));

    expect(refundDays).toHaveAccessibleDescription(
      expect.stringContaining('Give a whole number of days from 0 to 365.'),
    );
    expect(refundDays).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Percent kept')).toHaveAccessibleDescription(
      expect.stringContaining('Give a whole percent from 1 to 100.'),
    );
    expect(moveDays).toHaveAccessibleDescription(
      expect.stringContaining('Give a whole number of days from 0 to 365.'),
    );
    // The first field in error takes the focus.
    expect(refundDays).toHaveFocus();
    expect(calls('PUT', URL)).toHaveLength(0);
  });

  it('refuses an amount that is not money, in its currency', async () => {
    const { user, calls } = openPage(
      {
        refundUntilDaysBefore: 7,
        keep: { kind: 'fixed', USD: 5_000, INR: 400_000 },
        moveUntilDaysBefore: null,
      },
      { [`PUT ${URL}`]: echo },
    );
    const inr = await screen.findByLabelText('Kept in Indian rupees');
    await user.clear(inr);
    await user.type(inr, '40,00');
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(inr).toHaveAccessibleDescription(
      expect.stringContaining(
        'Give the amount in Indian rupees with up to two decimals, e.g. 4,000.00.',
      ),
    );
    expect(calls('PUT', URL)).toHaveLength(0);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const { user } = openPage(NO_BUYER_CHANGES, {
      [`PUT ${URL}`]: { status: 403, data: { message: 'Sellers only.' } },
    });
    await user.selectOptions(
      await screen.findByLabelText('Buyers may move to another open batch'),
      'until',
    );
    await user.type(screen.getByLabelText('Until how many days before the first session'), '3');
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The policy was not saved')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Sellers only.');
    expect(screen.getByLabelText('Until how many days before the first session')).toHaveValue('3');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });
});
