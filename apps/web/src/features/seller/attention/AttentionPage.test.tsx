import type { SellerAttentionItem } from '@wifi7/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scriptApi, signIn } from '../../../testing/checkout-helpers';
import { SellerLayout } from '../shell/SellerLayout';
import AttentionPage from './AttentionPage';
import { AttentionListProvider } from './AttentionListProvider';

vi.mock('../../../lib/firebase', () => import('../../../testing/firebase-mock'));

const handoff = (orderId: string): SellerAttentionItem => ({
  key: `handoff-pending:${orderId}`,
  kind: 'paid-not-handed-off',
  title: 'Paid but not handed off to the courses portal',
  detail: `Order ${orderId}: 1 attempt failed, last: portal answered 500.`,
  since: '2027-01-05T17:00:00.000Z',
  orderId,
  email: 'ada@example.com',
  resolution: 'retry-handoff',
  dismissible: false,
});

beforeEach(async () => {
  await signIn('seller@example.com');
});

describe('needs attention', () => {
  it('counts its items in the menu, and the count follows the page', async () => {
    const answers = [[handoff('ORDER1'), handoff('ORDER2')], [handoff('ORDER2')]];
    let answered = 0;
    scriptApi({
      'GET /api/seller/attention': () => ({
        status: 200,
        data: { items: answers[Math.min(answered++, answers.length - 1)] },
      }),
    });
    render(
      <MemoryRouter initialEntries={['/seller/attention']}>
        <AttentionListProvider>
          <SellerLayout>
            <AttentionPage />
          </SellerLayout>
        </AttentionListProvider>
      </MemoryRouter>,
    );
    const menu = screen.getByRole('navigation', { name: 'Back office' });
    expect(
      await within(menu).findByRole('link', { name: /^Needs attention/ }),
    ).toHaveAccessibleName('Needs attention, 2 items');
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('The site keeps retrying on its own');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(
      await within(menu).findByRole('link', { name: 'Needs attention, 1 item' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });
});
