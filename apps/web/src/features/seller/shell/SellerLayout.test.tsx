import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SellerLayout } from './SellerLayout';

describe('the back-office menu', () => {
  it('names each section as its page does', () => {
    render(
      <MemoryRouter initialEntries={['/seller/discount-codes']}>
        <SellerLayout>
          <h1>Prices and discount codes</h1>
        </SellerLayout>
      </MemoryRouter>,
    );
    const menu = screen.getByRole('navigation', { name: 'Back office' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Orders',
      'Needs attention',
      'Batches',
      'Waitlist',
      'Prices and codes',
      'Buyer policy',
      'Company purchases',
      'Page content',
      'E-mail delivery',
      'Audit log',
    ]);
    expect(within(menu).getByRole('link', { name: 'Prices and codes' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
