import type { WaitlistPlace } from '@wifi7/contract';
import { screen } from '@testing-library/react';
import { renderWithQuery } from '../../../testing/render-with-query';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, scriptApi, signIn, type Handler } from '../../../testing/checkout-helpers';
import { WaitlistAction } from './WaitlistAction';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const BATCH = 'WIFI7-2027-01-AM';
const waiting = (position: number): WaitlistPlace => ({
  batchId: BATCH,
  state: 'waiting',
  position,
  offerExpiresAt: null,
});

beforeEach(async () => {
  await signIn('ada@example.com');
});

function renderAction(routes: Record<string, Handler | { status: number; data?: unknown }>) {
  const api = scriptApi({
    'GET /api/waitlist/mine': { status: 200, data: { places: [] } },
    ...routes,
  });
  const onEnroll = vi.fn();
  renderWithQuery(
    <WaitlistAction
      batchId={BATCH}
      batchLabel="Jan 12 - Mar 4, 2027"
      onEnroll={onEnroll}
      buttonClassName="main"
    />,
  );
  return { ...api, onEnroll };
}

describe('the waitlist action of a full batch', () => {
  it('joins, confirms the place with the address and the hold, and takes the focus', async () => {
    const answer = deferred<{ status: number; data: unknown }>();
    const { calls } = renderAction({ 'POST /api/waitlist': () => answer.promise });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Join waitlist' }));
    expect(screen.getByRole('button', { name: 'Joining…' })).toBeDisabled();
    answer.resolve({ status: 200, data: { outcome: 'joined', place: waiting(3) } });

    const title = await screen.findByText('You’re on the waitlist');
    expect(title).toHaveFocus();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(
      'You’re on the waitlist for Jan 12 - Mar 4, 2027. We’ll e-mail ada@example.com as soon as a seat frees; it will be held for you for 24 hours.',
    );
    expect(status).toHaveTextContent('You’re number 3 in line.');
    expect(screen.queryByRole('button', { name: 'Join waitlist' })).toBeNull();
    expect(calls('POST', '/api/waitlist')[0]?.body).toEqual({ batchId: BATCH });
  });

  it('shows a place held already, and leaves the line after asking', async () => {
    const { calls } = renderAction({
      'GET /api/waitlist/mine': { status: 200, data: { places: [waiting(1)] } },
      'POST /api/waitlist/leave': { status: 200, data: { outcome: 'left', place: null } },
    });
    expect(await screen.findByText('You’re already on the waitlist')).toBeInTheDocument();
    expect(screen.getByText('You’re next in line.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    expect(screen.getByRole('button', { name: 'Keep my place' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Yes, leave' }));

    expect(await screen.findByRole('button', { name: 'Join waitlist' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You’ve left the waitlist for Jan 12 - Mar 4, 2027.',
    );
    expect(calls('POST', '/api/waitlist/leave')[0]?.body).toEqual({ batchId: BATCH });
  });

  it('answers "already" with the same confirmation and the place', async () => {
    renderAction({
      'POST /api/waitlist': { status: 200, data: { outcome: 'already', place: waiting(2) } },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Join waitlist' }));
    expect(await screen.findByText('You’re already on the waitlist')).toHaveFocus();
    expect(screen.getByText('You’re number 2 in line.')).toBeInTheDocument();
  });

  it('offers the seat when one turned out free', async () => {
    const { onEnroll } = renderAction({
      'POST /api/waitlist': { status: 200, data: { outcome: 'seat_free', place: null } },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Join waitlist' }));
    expect(await screen.findByText('Good news: a seat is free')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Proceed to Buy' }));
    expect(onEnroll).toHaveBeenCalledOnce();
  });

  it('says a join failed and tries again', async () => {
    let tries = 0;
    renderAction({
      'POST /api/waitlist': () =>
        ++tries === 1
          ? { status: 503, data: { message: 'Down' } }
          : { status: 200, data: { outcome: 'joined', place: waiting(1) } },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Join waitlist' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We couldn’t add you to the waitlist just now. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You’re on the waitlist')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells of a seat held for the buyer until when, in Pacific Time, and offers it', async () => {
    const { onEnroll } = renderAction({
      'GET /api/waitlist/mine': {
        status: 200,
        data: {
          places: [
            {
              batchId: BATCH,
              state: 'offered',
              position: null,
              offerExpiresAt: '2027-01-07T17:00:00.000Z',
            },
          ],
        },
      },
    });
    expect(await screen.findByText('A seat is held for you')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      /held for you until Thu, Jan 7, 9:00 AM Pacific Time/,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Proceed to Buy' }));
    expect(onEnroll).toHaveBeenCalledOnce();
  });
});
