import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { InvoiceInstructionsDialog } from './InvoiceInstructionsDialog';

function renderDialog(initialView: 'steps' | 'india') {
  const onClose = vi.fn();
  const onLeave = vi.fn();
  render(
    <MemoryRouter>
      <InvoiceInstructionsDialog
        initialView={initialView}
        sent="Invoice has been generated and sent to your email."
        email="ada@example.com"
        onClose={onClose}
        onLeave={onLeave}
      />
    </MemoryRouter>,
  );
  return { onClose, onLeave, user: userEvent.setup() };
}

describe('invoice instructions dialog', () => {
  it('opens on the three steps outside India', () => {
    renderDialog('steps');
    const dialog = screen.getByRole('dialog', { name: 'How it works?' });
    // The success toast is hidden behind the modal's backdrop: the dialog repeats it.
    expect(dialog).toHaveAccessibleDescription(
      'Invoice has been generated and sent to your email.',
    );
    const steps = within(dialog).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps[0]).toHaveTextContent('Check your email for the invoice');
    expect(steps[0]).toHaveTextContent('ada@example.com');
    expect(steps[1]).toHaveTextContent('Pay the invoice with PayPal');
    expect(steps[2]).toHaveTextContent('log in on the courses portal with your registered email');
    expect(steps[2]).toHaveTextContent('My Courses');
    expect(within(dialog).getByRole('heading', { name: 'How it works?' })).toHaveFocus();
  });

  it('opens on "How to Pay?" for India, with both options', () => {
    renderDialog('india');
    const dialog = screen.getByRole('dialog', { name: 'How to Pay?' });
    expect(
      within(dialog).getByRole('heading', { name: 'Option 1: Debit or credit card' }),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('not set up for transactions in India');
    expect(dialog).toHaveTextContent('click “Try again”');
    expect(dialog).toHaveTextContent('press “Pay Now”');
    expect(
      within(dialog).getByRole('heading', {
        name: 'Option 2: PayPal account linked to an Indian bank',
      }),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('up to 3 days');
  });

  it('toggles between the views and moves focus to the new title', async () => {
    const { user } = renderDialog('india');
    await user.click(screen.getByRole('button', { name: 'Back to how it works' }));
    const title = await screen.findByRole('heading', { name: 'How it works?' });
    await vi.waitFor(() => expect(title).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Paying from India? See how to pay' }));
    expect(screen.getByRole('dialog', { name: 'How to Pay?' })).toBeInTheDocument();
  });

  it.each(['steps', 'india'] as const)(
    'says in the %s view what to do if PayPal declines the payment, and where the order is',
    async (view) => {
      const { onLeave, onClose, user } = renderDialog(view);
      const declined = screen.getByRole('region', { name: 'Payment declined?' });
      expect(declined).toHaveTextContent(
        'Nothing was charged and your order stays open: pay the same invoice again from the e-mail we sent. We hold your seat for the unpaid order for a limited time.',
      );
      expect(declined).toHaveTextContent(
        'Your order, and until when its seat is held, is in My orders.',
      );
      const myOrders = within(declined).getByRole('link', { name: 'My orders' });
      expect(myOrders).toHaveAttribute('href', '/my-orders');
      await user.click(myOrders);
      expect(onLeave).toHaveBeenCalledOnce();
      expect(onClose).not.toHaveBeenCalled();
    },
  );

  it('cannot be dismissed with Escape; Close ends it', async () => {
    const { onClose, user } = renderDialog('steps');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'How it works?' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
