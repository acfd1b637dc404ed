/**
 * The seller moves an order to another batch of its workshop: a paid seat
 * moves; an open order is replaced by one for the other batch, as its
 * invoice or link names the batch.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { portalHandoffs } from '../../db/schema';
import type { DiscountCode } from '../../catalog/discounts';
import { findBatch } from '../../catalog/repository';
import { seatsHeld, takeSeat } from '../../inventory/holds';
import { groupCheckoutOf } from '../seats';
import { releaseSeats } from '../../inventory/seats';
import { orderAttention } from '../attention';
import { OrderError } from '../errors';
import { isRailFailure } from '../rail-port';
import { lockOrder, recordOrderEvent, updateOrder, type OrderRow } from '../repository';
import { auditView, conflict, SellerActionError } from './command';
import type { ActionRequest, ActionResult, OrderAction, OrderCommand, OrderActor } from './command';

interface TargetBatch {
  id: string;
  description: string;
}

/**
 * A paid order's seat moves to the other batch in one transaction, under
 * the capacity of the batch it moves to, and the courses portal is told
 * when it has the student. An open order is replaced by one for the other
 * batch (its invoice or link names the batch), which the buyer receives
 * as a new invoice or link once the old one is withdrawn.
 */
export const moveBatch: OrderAction<ActionRequest & { batchId: string }> = (
  command,
  orderId,
  actor,
  request,
) =>
  command.once(orderId, 'order.move-batch', request, async (order) => {
    await command.check('moveBatch', order);
    const target = await findBatch(command.db, request.batchId);
    if (!target || target.workshopSku !== order.workshopSku) {
      throw new SellerActionError(422, 'Choose a batch of the same workshop.');
    }
    if (target.id === order.batchId) {
      throw new SellerActionError(422, 'The order is in that batch already.');
    }
    if (order.status === 'paid') return moveSeat(command, order.id, actor, request, target);
    // The old invoice or link is withdrawn under the order's lease, as a cancel would be.
    return command.withProvider(order.id, 'order.move-batch', actor, request, async (current) => {
      if (current.status === 'paid') return moveSeat(command, current.id, actor, request, target);
      await command.check('moveBatch', current);
      return replaceOpenOrder(command, current, actor, request, target);
    });
  });

async function moveSeat(
  command: OrderCommand,
  orderId: string,
  actor: OrderActor,
  request: ActionRequest,
  target: TargetBatch,
): Promise<ActionResult> {
  let handoffIds: string[] = [];
  const result = await command.locked(orderId, async (tx, current) => {
    const replay = await command.replayed(orderId, 'order.move-batch', request, tx);
    if (replay) return replay;
    if (current.status !== 'paid') throw conflict('The order changed meanwhile; look again.');
    // Both seat counts change in batch-id order, so two moves the other way cannot deadlock.
    const changes = [
      { id: current.batchId, take: false },
      { id: target.id, take: true },
    ].sort((a, b) => a.id.localeCompare(b.id));
    const count = await seatsHeld(tx, current);
    for (const change of changes) {
      if (change.take) {
        // A seller may move a student into a closed batch; a buyer only into an open one.
        const evenIfClosed = actor.role === 'seller';
        if (!(await takeSeat(tx, change.id, { evenIfClosed, count }))) {
          throw conflict(
            actor.role === 'seller'
              ? 'That batch is full: free a seat or raise its capacity.'
              : 'That batch has no free seat any more: choose another.',
          );
        }
      } else if (current.holdsReserved) {
        await releaseSeats(tx, change.id, count);
      }
    }
    const moved = (await updateOrder(tx, orderId, {
      batchId: target.id,
      batchDescription: target.description,
      holdsReserved: true,
    }))!;
    await recordOrderEvent(
      tx,
      moved,
      `moved from ${current.batchId} to ${target.id} by the ${actor.role}`,
    );
    const told = await tellPortalOfMove(command, tx, current, moved, request.idempotencyKey);
    handoffIds = told;
    const message =
      actor.role === 'buyer'
        ? `Your seat moved from ${current.batchDescription} to ${target.description}.`
        : told.length > 0
          ? `Moved to ${target.id}; the courses portal is told to move the student from ${current.batchId}.`
          : `Moved to ${target.id}.`;
    await command.audit(tx, actor, 'order.move-batch', current, moved, request, { message });
    return { message };
  });
  for (const id of handoffIds) command.parts.handoffs.deliverSoon(id);
  return result;
}

/**
 * Tells the courses portal of the move when the student (or a company
 * order's attendees) was handed to it; answers the messages' ids. The move is a message of its own, sent after
 * the enrolment: one the portal may already hold (or be receiving right
 * now) is never rewritten under it. An order never handed off tells nothing.
 */
async function tellPortalOfMove(
  command: OrderCommand,
  tx: Db,
  before: OrderRow,
  moved: OrderRow,
  moveKey: string,
): Promise<string[]> {
  const [enrolment] = await tx
    .select({ id: portalHandoffs.id })
    .from(portalHandoffs)
    .where(
      and(eq(portalHandoffs.orderId, moved.id), eq(portalHandoffs.kind, 'enrollment.created')),
    );
  if (!enrolment) return [];
  const from = { batchId: before.batchId, batchDescription: before.batchDescription };
  return command.parts.handoffs.enqueueMove(tx, moved, from, moveKey);
}

/**
 * An open order is replaced by one for the other batch. The old invoice or
 * link is withdrawn before the new one is issued, so the buyer never holds
 * two payable ones; a provider that does not answer leaves the withdrawal
 * to the reconciler. Paid meanwhile, the old order stands and the new one
 * is closed before the buyer ever sees it.
 */
async function replaceOpenOrder(
  command: OrderCommand,
  order: OrderRow,
  actor: OrderActor,
  request: ActionRequest,
  target: TargetBatch,
): Promise<ActionResult> {
  let message = '';
  let replaced: OrderRow | undefined;
  const placed = await command.parts.placement.place(
    {
      uid: order.firebaseUid,
      email: order.email,
      rail: order.rail,
      workshopSku: order.workshopSku,
      batchId: target.id,
      discountCode: order.discountCode as DiscountCode | null,
      billing: order.billing,
      group: order.groupOrder ? await groupCheckoutOf(command.db, order) : undefined,
    },
    {
      replaceReason: `moved to ${target.id} by the ${actor.role}`,
      keepReplacedPolicy: true,
      within: async (tx, result, closed) => {
        if (result.reused || !closed || closed.id !== order.id) {
          message = `The order is in ${target.id} already, as ${result.order.id}.`;
          return;
        }
        replaced = (await lockOrder(tx, closed.id))!;
        message = `Moved to ${target.id} as order ${result.order.id}; the buyer gets a new invoice or link.`;
        await command.audit(
          tx,
          actor,
          'order.move-batch',
          closed,
          {
            ...auditView(replaced, await orderAttention(tx, replaced.id)),
            replacedBy: result.order.id,
          },
          request,
          { message, replacedBy: result.order.id },
        );
      },
    },
  );
  if (replaced?.providerCancelPending) {
    const withdrawn = await withdrawReplaced(command, replaced, placed.order, target, request);
    message += withdrawn
      ? ' The old one is withdrawn.'
      : ' The payment provider did not answer, so the old one is withdrawn at its next check, within a minute.';
  }
  try {
    await command.parts.issuing.issue(placed.order);
  } catch (error) {
    if (!(error instanceof OrderError)) throw error;
    // The new order is kept: the reconciler issues it once the provider answers.
    message += ' The provider did not answer yet; the new one will be sent as soon as it does.';
  }
  return { message, orderId: placed.order.id };
}

/**
 * Withdraws the replaced order's invoice or link; answers false when the
 * provider did not answer (the reconciler withdraws it then).
 */
async function withdrawReplaced(
  command: OrderCommand,
  replaced: OrderRow,
  successor: OrderRow,
  target: TargetBatch,
  request: ActionRequest,
): Promise<boolean> {
  const { settlement } = command.parts;
  let after: OrderRow;
  try {
    after = await settlement.withdrawClosed(replaced);
  } catch (error) {
    if (!isRailFailure(error)) throw error;
    command.log.warn(
      { order: replaced.id, err: error.message },
      'a replaced invoice or link is left to the reconciler',
    );
    return false;
  }
  if (after.status !== 'paid') return true;
  await settlement.close(successor, 'cancelled', 'withdrawn: the order it replaced was paid');
  const message = `The buyer paid the old invoice or link meanwhile: order ${replaced.id} is paid and keeps its seat in ${replaced.batchId}, and no new one was sent. Move the paid order if it should be in ${target.id}.`;
  // The move was logged as made when the new order was placed; it was not.
  await command.recordOutcome(
    replaced.id,
    'order.move-batch',
    request,
    {
      ...auditView(after, await orderAttention(command.db, after.id)),
      message,
      refusedWith: 409,
    },
    ['replacedBy'],
  );
  throw conflict(message);
}
