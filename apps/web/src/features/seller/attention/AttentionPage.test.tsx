import type { SellerAttentionItem } from '@wifi7/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../testing/render-with-query';
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

/** The page alone, with the list its menu count shares. */
function renderPage() {
  renderWithQuery(
    <MemoryRouter initialEntries={['/seller/attention']}>
      <AttentionListProvider>
        <AttentionPage />
      </AttentionListProvider>
    </MemoryRouter>,
  );
}

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
    renderWithQuery(
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

describe('clustered unpaid holds', () => {
  it('releases them with one confirmed action, sending the cluster and a note', async () => {
    const cluster: SellerAttentionItem = {
      key: 'holds:WIFI7-2027-01-AM:domain:hoard.test',
      kind: 'holds-clustered',
      title: '5 unpaid orders in batch WIFI7-2027-01-AM are for addresses at hoard.test',
      detail: 'One person with several e-mail addresses may be holding seats.',
      since: '2027-01-05T17:00:00.000Z',
      orderId: null,
      email: null,
      resolution: 'release-holds',
      dismissible: false,
      holds: { batchId: 'WIFI7-2027-01-AM', by: 'domain', value: 'hoard.test' },
    };
    let released: unknown;
    scriptApi({
      'GET /api/seller/attention': () => ({
        status: 200,
        data: { items: released ? [] : [cluster] },
      }),
      'POST /api/seller/attention/release-holds': (request) => {
        released = request.body;
        return { status: 200, data: { message: 'Released 5 holds.' } };
      },
    });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: cluster.title });
    expect(card).toHaveTextContent('Unpaid holds');
    await user.click(within(card).getByRole('button', { name: 'Release these holds' }));
    const dialog = screen.getByRole('dialog', { name: 'Release these holds?' });
    await user.type(within(dialog).getByRole('textbox'), 'a script');
    await user.click(within(dialog).getByRole('button', { name: 'Release them' }));
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    expect(released).toMatchObject({
      batchId: 'WIFI7-2027-01-AM',
      by: 'domain',
      value: 'hoard.test',
      note: 'a script',
    });
  });
});

describe('an e-mail the mail server refused', () => {
  it('sends it again from the card, and offers dismissing it with a note', async () => {
    const refused: SellerAttentionItem = {
      key: 'order:ORDER3:abc',
      kind: 'order-flagged',
      title: 'Order ORDER3 (paid)',
      detail:
        'The enrolment confirmation to ada@exmaple.com was refused by the mail server: 550 5.1.1 user unknown. It has not reached them: check the address with the buyer.',
      since: '2027-01-05T17:00:00.000Z',
      orderId: 'ORDER3',
      email: 'ada@exmaple.com',
      resolution: 'resend-mail',
      dismissible: true,
    };
    let sent: unknown;
    scriptApi({
      'GET /api/seller/attention': () => ({
        status: 200,
        data: { items: sent ? [] : [refused] },
      }),
      'POST /api/seller/orders/ORDER3/resend-mail': (request) => {
        sent = request.body;
        return { status: 200, data: { message: 'Sent to ada@example.com.', detail: {} } };
      },
    });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: refused.title });
    expect(card).toHaveTextContent('550 5.1.1 user unknown');
    expect(within(card).getByRole('button', { name: 'Dismiss…' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Send again…' }));
    const dialog = screen.getByRole('dialog', { name: 'Send the e-mail again?' });
    expect(dialog).toHaveTextContent('goes to the same address again');
    await user.type(within(dialog).getByRole('textbox'), 'Buyer fixed the address');
    await user.click(within(dialog).getByRole('button', { name: 'Send it again' }));
    await waitFor(() => expect(sent).toMatchObject({ note: 'Buyer fixed the address' }));
    expect((sent as { idempotencyKey: string }).idempotencyKey).toBeTruthy();
  });

  it('reads the item again when the mail server refuses the copy too', async () => {
    const refused: SellerAttentionItem = {
      key: 'order:ORDER4:abc',
      kind: 'order-flagged',
      title: 'Order ORDER4 (paid)',
      detail: 'The enrolment confirmation to ada@exmaple.com was refused by the mail server.',
      since: '2027-01-05T17:00:00.000Z',
      orderId: 'ORDER4',
      email: 'ada@exmaple.com',
      resolution: 'resend-mail',
      dismissible: true,
    };
    let refusedAgain = false;
    scriptApi({
      'GET /api/seller/attention': () => ({
        status: 200,
        data: {
          items: [
            refusedAgain
              ? { ...refused, detail: 'Sent again and refused again: 550 5.1.1 user unknown.' }
              : refused,
          ],
        },
      }),
      'POST /api/seller/orders/ORDER4/resend-mail': () => {
        refusedAgain = true;
        return {
          status: 422,
          data: {
            statusCode: 422,
            error: 'Unprocessable Entity',
            message: '550 5.1.1 user unknown',
          },
        };
      },
    });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: refused.title });
    await user.click(within(card).getByRole('button', { name: 'Send again…' }));
    const dialog = screen.getByRole('dialog', { name: 'Send the e-mail again?' });
    await user.type(within(dialog).getByRole('textbox'), 'Tried once more');
    await user.click(within(dialog).getByRole('button', { name: 'Send it again' }));
    expect(
      await screen.findByText('Sent again and refused again: 550 5.1.1 user unknown.'),
    ).toBeInTheDocument();
  });
});
