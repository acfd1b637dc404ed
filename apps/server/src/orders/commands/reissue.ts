/**
 * The seller's way out after the provider's answer to a create was lost and
 * the provider has nothing for the order: a new invoice or link.
 */
import { OrderError } from '../errors';
import { findOrder, type OrderRow } from '../repository';
import type { OrderAction } from './command';

/** The provider has nothing for the order after a lost answer: a new invoice or link. */
export const reissue: OrderAction = (command, orderId, actor, request) =>
  command.once(orderId, 'order.reissue', request, async (order) => {
    await command.check('reissue', order);
    let reissued: OrderRow;
    try {
      reissued = await command.parts.reissue(order);
    } catch (error) {
      if (!(error instanceof OrderError)) throw error;
      reissued = (await findOrder(command.db, order.id)) ?? order;
    }
    const message =
      reissued.status === 'awaiting_payment'
        ? 'A new invoice or link was sent to the buyer.'
        : 'The provider did not answer yet; the order will be issued as soon as it does.';
    await command.audit(command.db, actor, 'order.reissue', order, reissued, request, { message });
    return { message };
  });
