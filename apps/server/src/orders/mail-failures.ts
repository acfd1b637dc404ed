/**
 * A message of an order that will not reach its recipient (the mail server
 * refused it, or it kept failing for a day) asks the seller to act: an
 * attention item on the order, opened in the transaction that marks the
 * message failed. "Send again" (commands/resend-mail.ts) or a dismissal
 * with a note resolves it.
 */
import type { FailedMail } from '../core/mail/outbox';
import type { Db } from '../db/client';
import { openNote } from './attention';
import { lockOrder } from './repository';

/** The outbox's listener: a failed message of an order becomes that order's note. */
export async function noteFailedMail(tx: Db, mail: FailedMail): Promise<void> {
  if (!mail.orderId) return;
  // Under the order's lock, as every note of an order is opened.
  if (!(await lockOrder(tx, mail.orderId))) return;
  await openNote(tx, mail.orderId, {
    kind: 'mail-failed',
    details: {
      kind: mail.kind,
      subject: mail.subject,
      to: mail.to,
      failure: mail.failure,
      failureKind: mail.failureKind,
      attempts: mail.attempts,
    },
  });
}
