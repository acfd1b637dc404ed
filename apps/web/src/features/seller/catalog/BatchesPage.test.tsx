import { expandWeeklySchedule, type SellerBatch, type SellerBatchList } from '@wifi7/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../testing/render-with-query';
import { scriptApi, signIn } from '../../../testing/checkout-helpers';
import BatchesPage from './BatchesPage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const janSessions = expandWeeklySchedule({
  startsOn: '2027-01-12',
  weekdays: ['Tue', 'Thu'],
  startTime: '09:00',
});

const batch = (overrides: Partial<SellerBatch> = {}): SellerBatch => ({
  id: 'WIFI7-2027-01-AM',
  workshopSku: 'WIFI7-LIVE',
  workshopName: 'Wi-Fi 7 Live',
  description: 'Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
  region: 'Americas',
  startsOn: '2027-01-12',
  sessionStarts: janSessions,
  sessionMinutes: 120,
  seatCapacity: 40,
  seats: { sold: 3, held: 1, taken: 4, free: 36 },
  status: 'open',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

const listOf = (...batches: SellerBatch[]): SellerBatchList => ({
  batches,
  workshops: [{ sku: 'WIFI7-LIVE', name: 'Wi-Fi 7 Live', active: true }],
});

const LIST = 'GET /api/seller/batches';

beforeEach(async () => {
  await signIn('seller@example.com');
});

describe('the batches page', () => {
  it('shows each batch with its dates, timing, seats and sessions in Pacific Time', async () => {
    scriptApi({
      [LIST]: {
        status: 200,
        data: listOf(
          batch(),
          batch({
            id: 'B-EMPTY',
            description: 'Sep 1 - Oct 20, 2027 (Americas) -- 9 to 11 AM Pacific Time',
            sessionStarts: [],
            status: 'closed',
          }),
        ),
      },
    });
    renderWithQuery(<BatchesPage />);
    const card = (await screen.findByRole('heading', { name: /Jan 12 - Mar 2, 2027/ })).closest(
      'li',
    )!;
    const inCard = within(card);
    expect(inCard.getByText('Tue & Thu, 9 to 11 AM Pacific Time')).toBeInTheDocument();
    expect(inCard.getByText('Open')).toBeInTheDocument();
    const seats = inCard.getByText('Sold').closest('dl')!;
    expect(seats).toHaveTextContent('Sold3Held1Free36of40');
    expect(inCard.getByText(/15 sessions/).closest('summary')).toHaveTextContent(
      '15 sessions of 2 h, Tue, Jan 12, 2027 to Tue, Mar 2, 2027',
    );
    expect(screen.getByText(/This batch has no sessions yet/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Buyers can choose from 1 batch now.');
    expect(document.title).toBe('Batches · Back office');
  });

  it('warns before closing the last batch buyers can choose, then shows registration closed', async () => {
    const user = userEvent.setup();
    let closed = false;
    const { calls } = scriptApi({
      [LIST]: () => ({
        status: 200,
        data: listOf(batch({ status: closed ? 'closed' : 'open' })),
      }),
      'PUT /api/seller/batches/WIFI7-2027-01-AM/status': () => {
        closed = true;
        return { status: 200, data: batch({ status: 'closed' }) };
      },
    });
    renderWithQuery(<BatchesPage />);
    await user.click(
      await screen.findByRole('button', { name: 'Close registration for WIFI7-2027-01-AM' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Close registration for WIFI7-2027-01-AM?' });
    expect(dialog).toHaveTextContent(
      'This is the last batch buyers can choose: the workshop page will say “Registration is closed now”.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close registration' }));

    expect(await screen.findByText(/Registration is closed: no open batch/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls('PUT', '/api/seller/batches/WIFI7-2027-01-AM/status')[0]!.body).toEqual({
      status: 'closed',
    });
    expect(
      calls('PUT', '/api/seller/batches/WIFI7-2027-01-AM/status')[0]!.headers.Authorization,
    ).toBe('Bearer id-token');
  });

  it('edits a batch: fills the sessions from a weekly schedule and previews the description', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const { calls } = scriptApi({
      [LIST]: { status: 200, data: listOf(batch()) },
      'PUT /api/seller/batches/WIFI7-2027-01-AM': (request) => ({
        status: 200,
        data: batch(request.body as Partial<SellerBatch>),
      }),
    });
    renderWithQuery(<BatchesPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit WIFI7-2027-01-AM' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit batch WIFI7-2027-01-AM' });
    const inDialog = within(dialog);
    expect(inDialog.getByLabelText('Session 1')).toHaveValue('2027-01-12T09:00');
    expect(inDialog.getByText('Tue, Jan 12, 2027, 9:00 AM PT')).toBeInTheDocument();

    await user.click(inDialog.getByText('Fill the sessions from a weekly schedule'));
    fireEvent.change(inDialog.getByLabelText('First day'), { target: { value: '2027-03-01' } });
    await user.click(inDialog.getByRole('checkbox', { name: 'Tue' }));
    await user.click(inDialog.getByRole('checkbox', { name: 'Thu' }));
    await user.click(inDialog.getByRole('checkbox', { name: 'Mon' }));
    await user.click(inDialog.getByRole('checkbox', { name: 'Wed' }));
    await user.click(inDialog.getByRole('checkbox', { name: 'Fri' }));
    await user.click(inDialog.getByRole('button', { name: 'Fill the 15 sessions' }));
    expect(inDialog.getByLabelText('Session 15')).toHaveValue('2027-04-02T09:00');
    // Across the change to daylight saving time (Mar 14), the sessions stay at 9:00 AM Pacific.
    expect(inDialog.getByLabelText('Session 7')).toHaveValue('2027-03-15T09:00');
    await user.clear(inDialog.getByLabelText('Region'));
    await user.type(inDialog.getByLabelText('Region'), 'Europe');
    expect(inDialog.getByText(/^Mar 1 - Apr 2, 2027 \(Europe\)/)).toHaveTextContent(
      'Mar 1 - Apr 2, 2027 (Europe) -- Mon, Wed & Fri, 9 to 11 AM Pacific Time',
    );

    await user.click(inDialog.getByRole('button', { name: 'Save batch' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Saved WIFI7-2027-01-AM.'));
    expect(calls('PUT', '/api/seller/batches/WIFI7-2027-01-AM')[0]!.body).toEqual({
      region: 'Europe',
      sessionStarts: expandWeeklySchedule({
        startsOn: '2027-03-01',
        weekdays: ['Mon', 'Wed', 'Fri'],
        startTime: '09:00',
      }),
      sessionMinutes: 120,
      seatCapacity: 40,
      status: 'open',
    });
  });

  it('keeps the dialog open with the server’s words when it refuses, and refuses bad input itself', async () => {
    const user = userEvent.setup();
    const { calls } = scriptApi({
      [LIST]: { status: 200, data: listOf(batch()) },
      'PUT /api/seller/batches/WIFI7-2027-01-AM': {
        status: 409,
        data: {
          statusCode: 409,
          error: 'Conflict',
          message: '4 seats are sold or held in this batch, so its capacity cannot go below 4.',
        },
      },
    });
    renderWithQuery(<BatchesPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit WIFI7-2027-01-AM' }));
    const dialog = within(screen.getByRole('dialog'));
    const seats = dialog.getByLabelText('Seats');
    expect(seats).toHaveAccessibleDescription('At least 4: seats already sold or held.');

    await user.clear(seats);
    await user.type(seats, 'many');
    fireEvent.change(dialog.getByLabelText('Session 2'), { target: { value: '' } });
    await user.click(dialog.getByRole('button', { name: 'Save batch' }));
    expect(await dialog.findByText('Seats must be a whole number.')).toBeInTheDocument();
    expect(calls('PUT', '/api/seller/batches/WIFI7-2027-01-AM')).toHaveLength(0);

    await user.clear(seats);
    await user.type(seats, '3');
    fireEvent.change(dialog.getByLabelText('Session 2'), { target: { value: '2027-01-14T09:00' } });
    await user.click(dialog.getByRole('button', { name: 'Save batch' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      '4 seats are sold or held in this batch, so its capacity cannot go below 4.',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('creates a batch with an id, a workshop and 15 sessions', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const { calls } = scriptApi({
      [LIST]: { status: 200, data: listOf() },
      'POST /api/seller/batches': (request) => ({
        status: 201,
        data: batch(request.body as Partial<SellerBatch>),
      }),
    });
    renderWithQuery(<BatchesPage />);
    expect(await screen.findByText(/No batches yet/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Registration is closed');
    await user.click(screen.getByRole('button', { name: 'New batch' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New batch' }));
    await user.type(dialog.getByLabelText('Batch id'), 'WIFI7-2027-06-PM');
    await user.type(dialog.getByLabelText('Region'), 'India');
    fireEvent.change(dialog.getByLabelText('First day'), { target: { value: '2027-06-01' } });
    fireEvent.change(dialog.getByLabelText('Start time (Pacific Time)'), {
      target: { value: '18:00' },
    });
    await user.click(dialog.getByRole('button', { name: 'Fill the 15 sessions' }));
    await user.click(dialog.getByRole('button', { name: 'Create batch' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Created WIFI7-2027-06-PM.'));
    expect(calls('POST', '/api/seller/batches')[0]!.body).toMatchObject({
      id: 'WIFI7-2027-06-PM',
      workshopSku: 'WIFI7-LIVE',
      region: 'India',
      sessionStarts: expandWeeklySchedule({
        startsOn: '2027-06-01',
        weekdays: ['Tue', 'Thu'],
        startTime: '18:00',
      }),
      seatCapacity: 40,
      status: 'open',
    });
  });

  it('says why the list could not load, with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    scriptApi({
      [LIST]: () =>
        fail
          ? { status: 500, data: { message: 'internal' } }
          : { status: 200, data: listOf(batch()) },
    });
    renderWithQuery(<BatchesPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: /Jan 12 - Mar 2, 2027/ }),
    ).toBeInTheDocument();
  });
});
