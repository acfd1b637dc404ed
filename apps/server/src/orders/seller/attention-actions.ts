/**
 * The seller's answers to what an order asks of them: send its hand-off to
 * the courses portal again, or dismiss its note with a reason.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { portalHandoffs } from '../../db/schema';
import { resolveNotes } from '../attention';
import type { PortalHandoffs } from '../enrolment-port';
import { lockOrder, updateOrder } from '../repository';
import type { ActionRequest, ActionResult, SellerActionSteps, SellerActor } from './steps';

export class SellerAttentionActions {
  constructor(
    private readonly steps: SellerActionSteps,
    private readonly handoffs: PortalHandoffs,
  ) {}

  /** Sends the order's undelivered hand-offs now, and says whether the portal acknowledged. */
  async retryHandoff(
    orderId: string,
    actor: SellerActor,
    request: ActionRequest,
  ): Promise<ActionResult> {
    const { steps } = this;
    return steps.once(orderId, 'order.retry-handoff', request, async () => {
      const due = await steps.db.transaction(async (tx) => {
        const current = (await lockOrder(tx, orderId))!;
        const again = await steps.replayed(orderId, 'order.retry-handoff', request, tx);
        if (again) return again;
        await steps.check('retryHandoff', current, tx);
        const ids = await this.handoffs.dueNow(tx, orderId);
        // Logged with the order's lock held; what the portal answers is recorded below.
        await steps.audit(tx, actor, 'order.retry-handoff', current, current, request, {
          message: 'Sending the hand-off to the courses portal again.',
          handoffs: ids,
        });
        return ids;
      });
      if (!Array.isArray(due)) return due;
      for (const id of due) await this.handoffs.deliverNow(id);
      const message = await this.portalAnswer(orderId);
      await steps.recordOutcome(orderId, 'order.retry-handoff', request, { message });
      return { message };
    });
  }

  /** Whether the portal now holds every hand-off of the order, and if not, what it answered. */
  private async portalAnswer(orderId: string): Promise<string> {
    const waiting = await this.steps.db
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

  /** Clears what the order asks of the seller, with the seller's reason. */
  async dismissAttention(
    orderId: string,
    actor: SellerActor,
    request: ActionRequest,
  ): Promise<ActionResult> {
    const { steps } = this;
    await steps.find(orderId);
    return steps.db.transaction(async (tx) => {
      const current = (await lockOrder(tx, orderId))!;
      const replay = await steps.replayed(orderId, 'order.dismiss-attention', request, tx);
      if (replay) return replay;
      const { attention } = await steps.check('dismissAttention', current, tx);
      await resolveNotes(tx, orderId, actor.sellerEmail, request.note || 'Dismissed.');
      const cleared = (await updateOrder(tx, orderId, {}))!;
      const message = 'Dismissed.';
      const before = { ...current, attention };
      await steps.audit(tx, actor, 'order.dismiss-attention', before, cleared, request, {
        message,
      });
      return { message };
    });
  }
}
