/**
 * The seller marks an order paid outside the rails: it keeps or retakes its
 * seat and is handed off to the courses portal.
 */
import { retakeHolds } from '../../inventory/holds';
import { recordManualPayment } from '../money';
import { findPaidOrder, transition } from '../repository';
import { withdrawOrSettle } from './cancel';
import { conflict, type OrderAction } from './command';

/**
 * Paid outside the rails (a bank transfer, say): the invoice or link is
 * withdrawn first, so the buyer cannot also pay it, then the order is paid
 * with the seller's note as its payment reference, and handed off.
 */
export const markPaid: OrderAction = (command, orderId, actor, request) =>
  command.withProvider(orderId, 'order.mark-paid', actor, request, async (order) => {
    await command.check('markPaid', order);
    await withdrawOrSettle(
      command,
      order,
      'mark it paid',
      'The buyer paid at the provider meanwhile: the order is paid by that payment, so there is nothing to mark.',
    );
    let handoffIds: string[] = [];
    let mailIds: string[] = [];
    const message = await command.locked(order.id, async (tx, current) => {
      await command.check('markPaid', current, tx);
      const paidBefore =
        !current.groupOrder && (await findPaidOrder(tx, current.email, current.workshopSku));
      if (paidBefore) {
        throw conflict(`This buyer's order ${paidBefore.id} for this workshop is paid already.`);
      }
      if (!(await retakeHolds(tx, current))) {
        throw conflict('The batch is full: move the order to a batch with a free seat first.');
      }
      const paid = await transition(tx, current, 'paid', 'marked paid by the seller', {
        paidAt: new Date(),
        nextCheckAt: null,
        providerCancelPending: false,
        createAttemptedAt: null,
      });
      if (!paid) throw conflict('The order changed meanwhile; look again.');
      await recordManualPayment(tx, paid, request.note ?? '');
      handoffIds = await command.parts.handoffs.enqueue(tx, paid, 'enrollment.created');
      mailIds = (await command.parts.enrolmentMail?.enqueue(tx, paid)) ?? [];
      const text = 'The order is paid, and the student is being handed to the courses portal.';
      await command.audit(tx, actor, 'order.mark-paid', current, paid, request, { message: text });
      return text;
    });
    for (const id of handoffIds) command.parts.handoffs.deliverSoon(id);
    for (const id of mailIds) command.parts.enrolmentMail?.deliverSoon(id);
    return { message };
  });
