/**
 * The seller dismisses what an order asks of them, with a reason.
 */
import { resolveNotes } from '../attention';
import { updateOrder } from '../repository';
import type { OrderAction } from './command';

/** Clears what the order asks of the seller, with the seller's reason. */
export const dismissAttention: OrderAction = async (command, orderId, actor, request) => {
  await command.find(orderId);
  return command.locked(orderId, async (tx, current) => {
    const replay = await command.replayed(orderId, 'order.dismiss-attention', request, tx);
    if (replay) return replay;
    const { attention } = await command.check('dismissAttention', current, tx);
    await resolveNotes(tx, orderId, actor.email, request.note || 'Dismissed.');
    const cleared = (await updateOrder(tx, orderId, {}))!;
    const message = 'Dismissed.';
    const before = { ...current, attention };
    await command.audit(tx, actor, 'order.dismiss-attention', before, cleared, request, {
      message,
    });
    return { message };
  });
};
