/**
 * The seller sends the order's failed e-mails again (once the buyer's
 * address is known to work, or the mail settings are put right): a copy of
 * each is written to the outbox and sent now, the failed-mail note is
 * resolved, and the seller is told what the mail server answered.
 */
import { inArray } from 'drizzle-orm';
import { enqueueFailedAgain } from '../../core/mail/outbox';
import { mailOutbox } from '../../db/schema';
import { resolveNotes } from '../attention';
import { failedDetails, failedMailWords } from '../notes';
import { SellerActionError, type OrderAction, type OrderCommand } from './command';

export const resendMail: OrderAction = (command, orderId, actor, request) =>
  command.once(orderId, 'order.resend-mail', request, async () => {
    const copies = await command.locked(orderId, async (tx, current) => {
      const again = await command.replayed(orderId, 'order.resend-mail', request, tx);
      if (again) return again;
      await command.check('resendMail', current, tx);
      const ids = await enqueueFailedAgain(tx, orderId);
      await resolveNotes(tx, orderId, actor.email, request.note || 'Sent again.', ['mail-failed']);
      // Logged with the order's lock held; what the mail server answers is recorded below.
      await command.audit(tx, actor, 'order.resend-mail', current, current, request, {
        message: `Sending ${ids.length === 1 ? 'the e-mail' : `${ids.length} e-mails`} again.`,
        mails: ids,
      });
      return ids;
    });
    if (!Array.isArray(copies)) return copies;
    for (const id of copies) await command.parts.enrolmentMail?.deliverNow(id);
    const { message, refused } = await mailServerAnswer(command, copies);
    // Refused again: the seller is told so as a refusal, never as a success.
    await command.recordOutcome(orderId, 'order.resend-mail', request, {
      message,
      ...(refused ? { refusedWith: 422 } : {}),
    });
    if (refused) throw new SellerActionError(422, message);
    return { message };
  });

/** What became of the copies: taken by the mail server, refused again, or still waiting. */
async function mailServerAnswer(command: OrderCommand, ids: string[]) {
  const rows = await command.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
  const lines = rows.map((mail) => {
    const to = mail.to.join(', ');
    if (mail.sentAt) return `Sent to ${to}: the mail server took it.`;
    if (mail.failedAt) return failedMailWords(failedDetails(mail, 1));
    return `Queued for ${to}: the mail server did not take it yet, and the site keeps trying.`;
  });
  return {
    message: lines.join(' '),
    refused: rows.length > 0 && rows.every((mail) => mail.failedAt !== null),
  };
}
