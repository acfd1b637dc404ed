import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './FormDialog';

/** A page with a button that opens a confirmation, as the seller pages do. */
function Page({ busy = false, onConfirm = () => {} }: { busy?: boolean; onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Refund
      </button>
      {open && (
        <ConfirmDialog
          title="Refund the buyer?"
          description="The money goes back through PayPal."
          confirmLabel="Refund $499.00"
          tone="danger"
          busy={busy}
          onConfirm={onConfirm}
          onClose={() => setOpen(false)}
        >
          <label>
            Note <input />
          </label>
        </ConfirmDialog>
      )}
    </>
  );
}

/** What the browser sends a modal dialog on Escape. */
function pressEscape(dialog: HTMLElement) {
  const cancel = new Event('cancel', { cancelable: true });
  fireEvent(dialog, cancel);
  return cancel;
}

describe('the back office’s confirmation dialog', () => {
  it('asks its question first, then gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Refund' }));

    const dialog = screen.getByRole('dialog', { name: 'Refund the buyer?' });
    expect(dialog).toHaveAccessibleDescription('The money goes back through PayPal.');
    expect(screen.getByRole('heading', { name: 'Refund the buyer?' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund' })).toHaveFocus();
  });

  it('closes on Escape, and confirms with its button or Enter in a field', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Page onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Refund' }));

    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'As agreed{Enter}');
    await user.click(screen.getByRole('button', { name: 'Refund $499.00' }));
    expect(onConfirm).toHaveBeenCalledTimes(2);

    expect(pressEscape(screen.getByRole('dialog')).defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cannot be closed or confirmed again while its request runs', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Page busy onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Refund' }));

    for (const name of ['Cancel', 'Close', 'Refund $499.00']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
    pressEscape(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.submit(screen.getByRole('textbox', { name: 'Note' }).closest('form')!);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
