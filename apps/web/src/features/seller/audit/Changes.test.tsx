import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@wifi7/contract';
import { describe, expect, it } from 'vitest';
import { Changes } from './Changes';

const quote = (n: number) => ({
  name: `Attendee ${n}`,
  quote: `The capture labs of session ${n} were the best part of the whole workshop.`,
});

const entry = (before: unknown, after: unknown): AuditEntry => ({
  id: 1,
  at: '2027-01-05T17:00:00.000Z',
  sellerEmail: 'seller@example.com',
  action: 'content.update',
  targetType: 'content',
  targetId: 'testimonials',
  before,
  after,
  note: null,
});

describe('what an audited action changed', () => {
  it('shows short values in full: field, before and after', () => {
    render(<Changes entry={entry({ status: 'paid' }, { status: 'refunded', refundId: 'R-1' })} />);
    expect(screen.getByText(/Paid/).closest('li')).toHaveTextContent('State: Paid → Refunded');
    expect(screen.getByText(/R-1/).closest('li')).toHaveTextContent('Refund id: R-1');
  });

  it('writes fields in words: money with its currency, reasons, lists', () => {
    render(
      <Changes
        entry={entry(
          { status: 'paid', currency: 'USD', handoffs: [] },
          {
            status: 'refunded',
            currency: 'USD',
            amountMinor: 49900,
            reason: 'buyer-asked',
            handoffs: ['h-1', 'h-2'],
            sessionMinutes: 120,
          },
        )}
      />,
    );
    const lines = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toEqual([
      'State: Paid → Refunded',
      'Hand-offs: — → h-1, h-2',
      'Amount: $499.00',
      'Reason: buyer asked',
      'Session minutes: 120',
    ]);
  });

  it('folds a long list to its length, and opens it on request', async () => {
    const user = userEvent.setup();
    const items = Array.from({ length: 12 }, (_, index) => quote(index + 1));
    render(<Changes entry={entry({ items: items.slice(0, 11) }, { items })} />);

    const change = screen.getByText('Items').closest('li')!;
    const summaries = [...change.querySelectorAll('summary')].map((each) => each.textContent);
    expect(summaries).toEqual(['11 items show all', '12 items show all']);
    const last = within(change).getByText(/Attendee 12/);
    expect(last).not.toBeVisible();

    await user.click(within(change).getByText('12 items'));
    expect(last).toBeVisible();
  });

  it('folds a long text to its first words', () => {
    const long = 'A '.repeat(100);
    render(<Changes entry={entry({ bio: 'Short' }, { bio: long })} />);
    expect(screen.getByText('Bio').closest('li')).toHaveTextContent(
      /^Bio: Short → (A ){39}A… show all/,
    );
  });
});
