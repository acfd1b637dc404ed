/**
 * Our own e-mail as the buyer gets it: once a PayPal invoice is paid, the
 * site sends "Enrolment confirmed" over SMTP and it arrives in the local
 * inbox once; its HTML part reads well (axe, screenshots) on a desktop and
 * on a phone.
 */
import { expect, test } from '@playwright/test';
import { messagesTo, waitForMessage } from '../support/inbox';
import { capture, expectNoSeriousViolations } from '../support/look';
import { orderByPaypalInvoice } from '../support/purchase';
import { signIn } from '../support/sign-in';
import { inboxUrl } from '../support/urls';

test('a paid order brings one "Enrolment confirmed" e-mail @phone', async ({ page, context }) => {
  const email = await signIn(page);
  await orderByPaypalInvoice(page, email, 'WIFI7-2027-01-AM');
  const invoice = await waitForMessage(email, 'invoice');
  const payPage = await context.newPage();
  await payPage.goto(invoice.links[0]!.href);
  await payPage.getByRole('button', { name: 'Pay' }).click();
  await expect(payPage.getByText(/Payment complete/)).toBeVisible();
  await payPage.close();

  const mail = await waitForMessage(email, 'smtp');
  expect(mail.subject).toBe('Enrolment confirmed: Wi-Fi 7 (802.11be) Live Online Workshop');
  expect(mail.text).toContain('Hello Grace,');
  expect(mail.text).toContain('Batch: Jan 12 - Mar 2, 2027 (Americas)');
  expect(mail.text).toContain('Amount paid: $499.00 USD');
  expect(mail.text).toContain('http://localhost:4100/portal');
  expect((await messagesTo(email)).filter((message) => message.kind === 'smtp')).toHaveLength(1);

  // In the inbox beside the other messages, with its HTML part to open.
  await page.goto(`${inboxUrl}/?to=${encodeURIComponent(email)}`);
  const card = page.getByRole('article', { name: mail.subject });
  await expect(card).toContainText('Amount paid: $499.00 USD');
  await expect(card.getByRole('link', { name: 'View as HTML' })).toBeVisible();

  // The HTML part as a mail program shows it.
  const { messages } = (await (
    await fetch(`${inboxUrl}/api/inbox/messages?to=${encodeURIComponent(email)}`)
  ).json()) as { messages: { kind: string; html?: string }[] };
  const html = messages.find((message) => message.kind === 'smtp')?.html;
  expect(html).toBeTruthy();
  await page.setContent(html!);
  await expect(page.getByRole('heading', { name: 'Enrolment confirmed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the courses portal' })).toHaveAttribute(
    'href',
    'http://localhost:4100/portal',
  );
  await expectNoSeriousViolations(page);
  await capture(page, 'enrolment-mail', true);
});
