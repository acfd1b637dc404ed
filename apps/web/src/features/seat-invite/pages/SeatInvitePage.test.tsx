import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { setSignedInUser } from '../../../testing/auth-state';
import { deferred, scriptApi, signIn, type Handler } from '../../../testing/checkout-helpers';
import type { Reply } from '../../../testing/fake-api';
import { renderWithQuery } from '../../../testing/render-with-query';
import { SeatInvitePage } from './SeatInvitePage';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const CODE = 'Zx9_abcdefghijklmnopqrstu';
const INVITE = `GET /api/seat-invites/${CODE}`;
const CLAIM = `POST /api/seat-invites/${CODE}/claim`;
const invite = (state: 'open' | 'taken' | 'closed') => ({
  status: 200,
  data: {
    workshopName: 'Wi-Fi 7 Live Online Workshop',
    batchDescription: 'Jan 12 - Mar 4, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time',
    from: 'Acme Networks GmbH',
    state,
  },
});

beforeEach(async () => {
  localStorage.clear();
  await signIn('katherine@example.com');
});

function openInvite(routes: Record<string, Handler | Reply>, code = CODE) {
  const api = scriptApi(routes);
  const router = createMemoryRouter(
    [
      { path: paths.seatInvite, element: <SeatInvitePage /> },
      ...[paths.login, paths.workshop].map((path) => ({
        path,
        element: <h1>{`Page at ${path}`}</h1>,
      })),
    ],
    { initialEntries: [`${paths.seatInvite}?code=${code}`] },
  );
  renderWithQuery(<RouterProvider router={router} />);
  return api;
}

describe('the seat-invite page', () => {
  it('takes an open seat with the name given, for the signed-in address, once', async () => {
    const user = userEvent.setup();
    const answer = deferred<Reply>();
    const api = openInvite({ [INVITE]: invite('open'), [CLAIM]: () => answer.promise });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'A seat in the workshop for you' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Wi-Fi 7 Live Online Workshop')).toBeInTheDocument();
    expect(screen.getByText(/Jan 12 - Mar 4, 2027/)).toBeInTheDocument();
    expect(screen.getByText('Acme Networks GmbH')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('katherine@example.com');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Take this seat' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(api.calls('POST', `/api/seat-invites/${CODE}/claim`)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'First Name' }), ' Katherine ');
    await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Johnson');
    // Two presses in one moment, before the page can show it is busy.
    const take = screen.getByRole('button', { name: 'Take this seat' });
    fireEvent.click(take);
    fireEvent.click(take);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Taking the seat…' })).toBeDisabled(),
    );
    const sent = api.calls('POST', `/api/seat-invites/${CODE}/claim`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ firstName: 'Katherine', lastName: 'Johnson' });

    answer.resolve({
      status: 200,
      data: { message: 'Seat 3 is yours, Katherine: we e-mailed you how to join.' },
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Seat 3 is yours, Katherine: we e-mailed you how to join.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'The seat is yours' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the workshop page' })).toHaveAttribute(
      'href',
      paths.workshop,
    );
  });

  it('shows a refused claim in words, keeping the form', async () => {
    const user = userEvent.setup();
    openInvite({
      [INVITE]: invite('open'),
      [CLAIM]: {
        status: 409,
        data: { message: 'You already hold a seat of this workshop.' },
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'First Name' }), 'Katherine');
    await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Johnson');
    await user.click(screen.getByRole('button', { name: 'Take this seat' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already hold a seat of this workshop.',
    );
    expect(screen.getByRole('button', { name: 'Take this seat' })).toBeEnabled();
  });

  it.each([
    ['taken', 'This seat has been taken', /ask Acme Networks GmbH for a new invite link/],
    ['closed', 'This invite is closed', /Ask Acme Networks GmbH/],
  ] as const)(
    'says what a %s invite means, with no button to take it',
    async (state, title, body) => {
      openInvite({ [INVITE]: invite(state) });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(body)).toBeInTheDocument();
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to the workshop page' })).toBeInTheDocument();
    },
  );

  it('says it does not know a code the server does not, or one that is no code', async () => {
    const api = openInvite({ [INVITE]: { status: 404, data: { message: 'No such invite.' } } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find this invite' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(api.calls('GET', `/api/seat-invites/${CODE}`)).toHaveLength(1);
  });

  it('does not ask about a link that is not an invite link', async () => {
    const api = openInvite({}, 'short');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find this invite' }),
    ).toBeInTheDocument();
    expect(api.requests.filter((request) => request.url.startsWith('/api/seat-invites'))).toEqual(
      [],
    );
  });

  it('sends a signed-out visitor to sign in, remembering the invite', async () => {
    setSignedInUser(null);
    openInvite({});
    expect(await screen.findByText('Page at /login')).toBeInTheDocument();
    // Kept the waitlist offer's way (its own tests cover the return after the sign-in).
    const stored = Object.keys(localStorage).map((key) => localStorage.getItem(key));
    expect(stored.join()).toContain(`${paths.seatInvite}?code=${CODE}`);
  });

  it('shows a failure with a retry', async () => {
    const user = userEvent.setup();
    let tries = 0;
    openInvite({ [INVITE]: () => (++tries === 1 ? { status: 502 } : invite('open')) });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Take this seat' })).toBeInTheDocument();
  });
});
