import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setPublicConfig } from '../../../config/public-config';
import { installFakeApi, type RecordedRequest } from '../../../testing/fake-api';
import { testPublicConfig } from '../../../testing/test-config';
import * as firebase from '../../../testing/firebase-mock';
import { LoginForm } from './LoginForm';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

let requests: RecordedRequest[];

beforeEach(() => {
  firebase.resetFirebaseMock();
  requests = installFakeApi(() => ({ status: 200, data: { recorded: true } }));
});

function renderForm() {
  render(
    <>
      <LoginForm />
      <Toaster />
    </>,
  );
  return {
    input: screen.getByLabelText('Please enter your email address'),
    user: userEvent.setup(),
  };
}

const enrollments = () =>
  requests.filter((r) => r.url === '/api/learning-availability/auto-enrollment');

describe('login form', () => {
  it('has a required e-mail field and a Login button', () => {
    const { input } = renderForm();
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText(/use your personal email address/i)).toBeInTheDocument();
  });

  it('sends the link to the trimmed, lower-cased address and stores it under "email"', async () => {
    const { input, user } = renderForm();
    await user.type(input, '  Ada.Lovelace@Example.COM ');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await screen.findByText('Please check your email for the sign-in link.');
    expect(localStorage.getItem('email')).toBe('ada.lovelace@example.com');
    expect(firebase.sendSignInLinkToEmail).toHaveBeenCalledWith(
      firebase.fakeAuth,
      'ada.lovelace@example.com',
      { url: `${window.location.origin}/wifi7-workshop`, handleCodeInApp: true },
    );
  });

  it('offers a resend with three hints once the link is sent', async () => {
    const { input, user } = renderForm();
    await user.type(input, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const resend = await screen.findByRole('button', { name: 'Resend Sign-in Link' });
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.getByText(/up to 30 seconds/)).toBeInTheDocument();
    expect(screen.getByText(/copy it and paste it into your browser/)).toBeInTheDocument();
    expect(screen.getByText(/spam/)).toBeInTheDocument();

    await user.click(resend);
    await vi.waitFor(() => expect(firebase.sendSignInLinkToEmail).toHaveBeenCalledTimes(2));
  });

  it('reports the address for auto-enrollment once per distinct address', async () => {
    const { input, user } = renderForm();
    await user.type(input, 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('button', { name: 'Resend Sign-in Link' });
    await user.click(screen.getByRole('button', { name: 'Resend Sign-in Link' }));
    await vi.waitFor(() => expect(firebase.sendSignInLinkToEmail).toHaveBeenCalledTimes(2));

    await user.clear(input);
    await user.type(input, 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend Sign-in Link' }));
    await vi.waitFor(() => expect(firebase.sendSignInLinkToEmail).toHaveBeenCalledTimes(3));

    await vi.waitFor(() => expect(enrollments()).toHaveLength(2));
    expect(enrollments().map((r) => r.body)).toEqual([
      { userEmail: 'ada@example.com' },
      { userEmail: 'grace@example.com' },
    ]);
  });

  it('shows the send-failure toast and stores nothing when sending fails', async () => {
    firebase.sendSignInLinkToEmail.mockRejectedValueOnce(
      firebase.firebaseError('auth/network-request-failed'),
    );
    const toastError = vi.spyOn(toast, 'error');
    const { input, user } = renderForm();
    await user.type(input, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await screen.findByText('An error occurred. Please try again later.'),
    ).toBeInTheDocument();
    expect(toastError).toHaveBeenCalledWith('An error occurred. Please try again later.', {
      duration: 7000,
    });
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(localStorage.getItem('email')).toBeNull();
    expect(enrollments()).toHaveLength(0);
  });

  it('does not send an address the contract rejects', async () => {
    const { input, user } = renderForm();
    // Accepted by the browser's e-mail check, refused by the contract's schema.
    await user.type(input, 'ada@localhost');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(firebase.sendSignInLinkToEmail).not.toHaveBeenCalled();
  });
});

describe('login form, when the site sends the links itself', () => {
  beforeEach(() => {
    setPublicConfig({
      ...testPublicConfig,
      firebase: { ...testPublicConfig.firebase, signInMail: 'site' },
    });
  });

  const linkRequests = () => requests.filter((r) => r.url === '/api/sign-in-link');
  const askForLink = async (address: string) => {
    const { input, user } = renderForm();
    await user.type(input, address);
    await user.click(screen.getByRole('button', { name: 'Login' }));
  };

  it('asks the server, not Firebase, and says when another link may be asked for', async () => {
    requests = installFakeApi((request) =>
      request.url === '/api/sign-in-link'
        ? { status: 200, data: { sent: true, nextInSeconds: 60 } }
        : { status: 200, data: { recorded: true } },
    );
    await askForLink(' Ada@Example.com ');

    await screen.findByText('Please check your email for the sign-in link.');
    expect(linkRequests().map((r) => r.body)).toEqual([{ email: 'ada@example.com' }]);
    expect(firebase.sendSignInLinkToEmail).not.toHaveBeenCalled();
    expect(localStorage.getItem('email')).toBe('ada@example.com');
    expect(screen.getByText(/^You can ask for a new link in (60|59) s\.$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Sign-in Link' })).toBeInTheDocument();
    await vi.waitFor(() => expect(enrollments()).toHaveLength(1));
  });

  it('shows the server’s words when its limits refuse a link, and stores nothing', async () => {
    requests = installFakeApi(() => ({
      status: 429,
      data: {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many links were asked for from your network. Try again later.',
      },
    }));
    const toastError = vi.spyOn(toast, 'error');
    await askForLink('ada@example.com');

    expect(
      await screen.findByText('Too many links were asked for from your network. Try again later.'),
    ).toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();
    expect(localStorage.getItem('email')).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('counts down the wait the cooldown’s refusal names', async () => {
    requests = installFakeApi(() => ({
      status: 429,
      data: {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'You can ask for a new link in 40 s.',
      },
    }));
    await askForLink('ada@example.com');

    expect(
      await screen.findByText(/^You can ask for a new link in (40|39) s\.$/),
    ).toBeInTheDocument();
    await vi.waitFor(
      () => expect(screen.getByText(/^You can ask for a new link in 3\d s\.$/)).toBeInTheDocument(),
      { timeout: 5000 },
    );
    expect(localStorage.getItem('email')).toBeNull();
  });

  it('shows the send-failure toast when the server cannot send', async () => {
    requests = installFakeApi(() => ({
      status: 503,
      data: { statusCode: 503, error: 'Service Unavailable', message: 'down' },
    }));
    await askForLink('ada@example.com');
    expect(
      await screen.findByText('An error occurred. Please try again later.'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('email')).toBeNull();
  });
});
