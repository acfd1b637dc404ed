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
    expect(screen.getByText(/paid/).closest('li')).toHaveTextContent('status: paid → refunded');
    expect(screen.getByText(/R-1/).closest('li')).toHaveTextContent('refundId: R-1');
  });

  it('folds a long list to its length, and opens it on request', async () => {
    const user = userEvent.setup();
    const items = Array.from({ length: 12 }, (_, index) => quote(index + 1));
    render(<Changes entry={entry({ items: items.slice(0, 11) }, { items })} />);

    const change = screen.getByText('items').closest('li')!;
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
    expect(screen.getByText('bio').closest('li')).toHaveTextContent(
      /^bio: Short → (A ){39}A… show all/,
    );
  });
});
