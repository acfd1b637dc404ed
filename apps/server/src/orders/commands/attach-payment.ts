/**
 * The seller's way out after the provider's answer to a create was lost:
 * attach the invoice or link they found at the provider.
 */
import { toSnapshot } from '../repository';
import { providerFailure, type ActionRequest, type OrderAction } from './command';

/**
 * The invoice or link the seller found at the provider after a lost
 * answer. It is looked up first, so a mistyped id changes nothing.
 */
export const attachPayment: OrderAction<ActionRequest & { providerReference: string }> = (
  command,
  orderId,
  actor,
  request,
) =>
  command.once(orderId, 'order.attach', request, async (order) => {
    await command.check('attach', order);
    try {
      await command
        .railFor(order)
        .fetchState(toSnapshot({ ...order, providerReference: request.providerReference }));
    } catch (error) {
      providerFailure(error, `find ${request.providerReference}`);
    }
    const attached = await command.parts.attach(order, request.providerReference);
    const message = `Attached ${request.providerReference}; the order is ${attached.status.replace('_', ' ')}.`;
    await command.audit(command.db, actor, 'order.attach', order, attached, request, { message });
    return { message };
  });
