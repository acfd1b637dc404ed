/**
 * The seller sends the order's undelivered hand-offs to the courses portal
 * again, and is told whether the portal acknowledged them.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { portalHandoffs } from '../../db/schema';
import type { OrderAction, OrderCommand } from './command';

/** Sends the order's undelivered hand-offs now, and says whether the portal acknowledged. */
export const retryHandoff: OrderAction = (command, orderId, actor, request) =>
  command.once(orderId, 'order.retry-handoff', request, async () => {
    const due = await command.locked(orderId, async (tx, current) => {
      const again = await command.replayed(orderId, 'order.retry-handoff', request, tx);
      if (again) return again;
      await command.check('retryHandoff', current, tx);
      const ids = await command.parts.handoffs.dueNow(tx, orderId);
      // Logged with the order's lock held; what the portal answers is recorded below.
      await command.audit(tx, actor, 'order.retry-handoff', current, current, request, {
        message: 'Sending the hand-off to the courses portal again.',
        handoffs: ids,
      });
      return ids;
    });
    if (!Array.isArray(due)) return due;
    for (const id of due) await command.parts.handoffs.deliverNow(id);
    const message = await portalAnswer(command, orderId);
    await command.recordOutcome(orderId, 'order.retry-handoff', request, { message });
    return { message };
  });

/** Whether the portal now holds every hand-off of the order, and if not, what it answered. */
async function portalAnswer(command: OrderCommand, orderId: string): Promise<string> {
  const waiting = await command.db
    .select({ lastError: portalHandoffs.lastError })
    .from(portalHandoffs)
    .where(and(eq(portalHandoffs.orderId, orderId), isNull(portalHandoffs.deliveredAt)));
  if (waiting.length === 0) return 'The courses portal acknowledged the hand-off.';
  const answer = waiting.find((handoff) => handoff.lastError)?.lastError?.replace(/\.$/, '');
  return (
    'The courses portal did not acknowledge the hand-off yet; it is retried on its own.' +
    (answer ? ` Its answer: ${answer}.` : '')
  );
}
