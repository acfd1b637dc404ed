import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ReactRouterSeam } from '../../../app/ReactRouterSeam';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as firebase from '../../../testing/firebase-mock';
import { useAuthStore } from '../stores/auth-store';
import { EmailLinkSignIn } from './EmailLinkSignIn';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const LINK = '/wifi7-workshop?mode=signIn&oobCode=abc123&apiKey=k&lang=en';

beforeEach(() => {
  firebase.resetFirebaseMock();
  firebase.isSignInWithEmailLink.mockImplementation((_auth, href) => href.includes('oobCode='));
});

function renderAt(entry: string, { signedIn = false } = {}) {
  useAuthStore.getState().userChanged(signedIn ? { uid: 'uid-1', email: 'ada@example.com' } : null);
  const router = createMemoryRouter(
    [
      {
        path: '/wifi7-workshop',
        element: (
          <ReactRouterSeam>
            <EmailLinkSignIn />
          </ReactRouterSeam>
        ),
      },
    ],
    {
      initialEntries: [entry],
    },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { router, user: userEvent.setup() };
}

const findDialog = () =>
  screen.findByRole('dialog', { name: 'Please confirm your email address to continue' });

/**
 * Opens the link with the address remembered and confirms; the completion
 * fails with `code`, and the catalogue's `text` shows as a long toast.
 */
async function confirmFailingWith(code: string, text: string) {
  localStorage.setItem('email', 'ada@example.com');
  firebase.signInWithEmailLink.mockRejectedValueOnce(firebase.firebaseError(code));
  const toastError = vi.spyOn(toast, 'error');
  const rendered = renderAt(LINK);
  await rendered.user.click(
    within(await findDialog()).getByRole('button', { name: 'Confirm Email' }),
  );
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(toastError).toHaveBeenCalledWith(text, { duration: 7000 });
  return rendered;
}

describe('e-mail link confirmation dialog', () => {
  it('stays closed on an ordinary visit, without asking the SDK', () => {
    renderAt('/wifi7-workshop');
    // An address with no one-time code is no sign-in link: the SDK is not needed to tell.
    expect(firebase.isSignInWithEmailLink).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens in confirm mode with the remembered address, read-only', async () => {
    localStorage.setItem('email', 'ada@example.com');
    renderAt(LINK);
    const dialog = await findDialog();
    const field = within(dialog).getByLabelText('Email address');
    expect(field).toHaveValue('ada@example.com');
    expect(field).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('button', { name: 'Confirm Email' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    localStorage.setItem('email', 'ada@example.com');
    const { user } = renderAt(LINK);
    const dialog = await findDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm Email' });
    const field = within(dialog).getByLabelText('Email address');
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(field).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
  });

  it('opens in enter mode with an empty editable field when nothing is remembered', async () => {
    renderAt(LINK);
    const field = within(await findDialog()).getByLabelText('Email address');
    expect(field).toHaveValue('');
    expect(field).not.toHaveAttribute('readonly');
    expect(field).toHaveFocus();
  });

  it('"Enter Different Email" switches to enter mode and clears the field', async () => {
    localStorage.setItem('email', 'ada@example.com');
    const { user } = renderAt(LINK);
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Enter Different Email' }));
    const field = within(dialog).getByLabelText('Email address');
    expect(field).toHaveValue('');
    expect(field).not.toHaveAttribute('readonly');
    expect(field).toHaveFocus();
  });

  it('completes the sign-in, forgets the address and cleans the URL', async () => {
    localStorage.setItem('email', 'ada@example.com');
    let finish: (value: { user: unknown }) => void = () => undefined;
    firebase.signInWithEmailLink.mockImplementationOnce(
      () => new Promise((resolve) => (finish = resolve)),
    );
    const { router, user } = renderAt(LINK);
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Email' }));

    const busy = within(dialog).getByRole('button', { name: 'Confirming...' });
    expect(busy).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Enter Different Email' })).toBeDisabled();
    // The address is checked with a schema fetched on demand first.
    await vi.waitFor(() =>
      expect(firebase.signInWithEmailLink).toHaveBeenCalledWith(
        firebase.fakeAuth,
        'ada@example.com',
        `${window.location.origin}${LINK}`,
      ),
    );

    await act(async () => finish({ user: { uid: 'uid-5', email: 'ada@example.com' } }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/wifi7-workshop');
    // The router's state changes before React renders the page without the dialog.
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('email')).toBeNull();
    expect(useAuthStore.getState().user).toEqual({ uid: 'uid-5', email: 'ada@example.com' });
  });

  it.each([
    [
      'auth/invalid-email',
      'The email provided does not match the sign-in email address. Please try logging in again.',
    ],
    ['auth/internal-error', 'An error occurred while signing in. Please try again.'],
  ])('on %s shows "%s", forgets the address and closes', async (code, text) => {
    const { router } = await confirmFailingWith(code, text);
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('email')).toBeNull();
  });

  it.each(['auth/invalid-action-code', 'auth/expired-action-code'])(
    'on %s shows the catalogue text, forgets the address, and offers a new link in one click',
    async (code) => {
      const { router, user } = await confirmFailingWith(
        code,
        'The sign-in link is invalid or has expired. Please try logging in again.',
      );
      expect(localStorage.getItem('email')).toBeNull();
      const offer = await screen.findByRole('dialog', {
        name: 'This sign-in link can no longer be used',
      });
      expect(offer).toHaveTextContent('We can send a new one to ada@example.com.');
      const send = within(offer).getByRole('button', { name: 'Send a new link' });
      await vi.waitFor(() => expect(send).toHaveFocus());
      await user.click(send);

      await screen.findByRole('dialog', { name: 'A new sign-in link is on its way' });
      expect(firebase.sendSignInLinkToEmail).toHaveBeenCalledTimes(1);
      expect(firebase.sendSignInLinkToEmail).toHaveBeenCalledWith(
        firebase.fakeAuth,
        'ada@example.com',
        expect.objectContaining({ handleCodeInApp: true }),
      );
      // Remembered again, so the new link opens in confirm mode.
      expect(localStorage.getItem('email')).toBe('ada@example.com');
      await user.click(screen.getByRole('button', { name: 'Close' }));
      await vi.waitFor(() => expect(router.state.location.search).toBe(''));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
  );

  it('sends what the visitor typed in enter mode, normalised', async () => {
    const { user } = renderAt(LINK);
    const dialog = await findDialog();
    await user.type(within(dialog).getByLabelText('Email address'), ' Grace@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Email' }));
    await vi.waitFor(() =>
      expect(firebase.signInWithEmailLink).toHaveBeenCalledWith(
        firebase.fakeAuth,
        'grace@example.com',
        expect.stringContaining('oobCode=abc123'),
      ),
    );
  });

  it('does not open for someone already signed in, and tidies the address', async () => {
    const { router } = renderAt(LINK, { signedIn: true });
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
