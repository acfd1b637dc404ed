import { screen, within } from '@testing-library/react';
import { renderWithQuery } from '../../testing/render-with-query';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ReactRouterSeam } from '../ReactRouterSeam';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSignedInUser } from '../../testing/auth-state';
import * as firebase from '../../testing/firebase-mock';
import { TopBar } from './TopBar';

vi.mock('../../lib/firebase', () => import('../../testing/firebase-mock'));

beforeEach(() => {
  firebase.resetFirebaseMock();
});

function renderTopBar({ signedIn }: { signedIn: boolean }) {
  setSignedInUser(signedIn ? { uid: 'uid-1', email: 'ada@example.com' } : null);
  const page = (name: string) => <p>{name} page</p>;
  const router = createMemoryRouter(
    [
      {
        element: (
          <ReactRouterSeam>
            <TopBar />
          </ReactRouterSeam>
        ),
        children: [
          { path: '/wifi7-workshop', element: page('workshop') },
          { path: '/checkout', element: page('checkout') },
          { path: '/login', element: page('login') },
        ],
      },
    ],
    { initialEntries: ['/checkout'] },
  );
  renderWithQuery(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { router, user: userEvent.setup(), toggle: screen.getByRole('button', { name: 'Menu' }) };
}

describe('top bar', () => {
  it('links the logo to the company site in a new tab', () => {
    renderTopBar({ signedIn: false });
    const logo = screen.getByRole('link', { name: /website \(opens in a new tab\)/ });
    expect(logo).toHaveAttribute('href', 'https://company.example.com/');
    expect(logo).toHaveAttribute('target', '_blank');
    expect(logo).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it("shows the signed-in user's e-mail", () => {
    renderTopBar({ signedIn: true });
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('toggles the menu with aria-expanded and aria-controls', async () => {
    const { user, toggle } = renderTopBar({ signedIn: false });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(toggle.getAttribute('aria-controls')).toBe(menu.id);
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Workshop', 'Checkout', 'Login']);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and returns focus to the toggle', async () => {
    const { user, toggle } = renderTopBar({ signedIn: false });
    await user.click(toggle);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Workshop' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('works from the keyboard and closes when an entry is chosen', async () => {
    const { router, user, toggle } = renderTopBar({ signedIn: false });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/wifi7-workshop');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers Logout when signed in: signs out, forgets the e-mail, lands on the workshop', async () => {
    localStorage.setItem('email', 'ada@example.com');
    const toastLoading = vi.spyOn(toast, 'loading');
    const { router, user, toggle } = renderTopBar({ signedIn: true });
    await user.click(toggle);
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(toastLoading).toHaveBeenCalledWith('Logging out...');
    expect(firebase.signOut).toHaveBeenCalledWith(firebase.fakeAuth);
    expect(localStorage.getItem('email')).toBeNull();
    expect(router.state.location.pathname).toBe('/wifi7-workshop');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('reports a failed logout and stays put', async () => {
    firebase.signOut.mockRejectedValueOnce(new Error('offline'));
    const { router, user, toggle } = renderTopBar({ signedIn: true });
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout failed. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
  });
});
