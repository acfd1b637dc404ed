/**
 * The seller sends the buyer the order's invoice or link again, from the
 * provider, under the order's provider lease.
 */
import { toSnapshot } from '../repository';
import { providerFailure, type OrderAction } from './command';

/** The invoice or link again, from the provider, to the buyer. */
export const resendInvoice: OrderAction = (command, orderId, actor, request) =>
  command.withProvider(orderId, 'order.resend', actor, request, async (order) => {
    await command.check('resend', order);
    try {
      await command.railFor(order).remind(toSnapshot(order));
    } catch (error) {
      providerFailure(error, 'send it again');
    }
    const what = order.rail === 'paypal_invoice' ? 'invoice' : 'payment link';
    const message = `The buyer was sent the ${what} again.`;
    await command.locked(order.id, async (tx, current) => {
      await command.audit(tx, actor, 'order.resend', current, current, request, { message });
    });
    return { message };
  });
