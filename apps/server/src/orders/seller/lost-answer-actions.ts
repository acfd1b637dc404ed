/**
 * The seller's way out after the provider's answer to a create was lost:
 * attach the invoice or link they found at the provider, or, when the
 * provider has nothing, have the order issued again.
 */
import { OrderError } from '../errors';
import { findOrder, toSnapshot, type OrderRow } from '../repository';
import type { ActionRequest, ActionResult, SellerActor } from './steps';
import { providerFailure, type SellerActionSteps } from './steps';

export interface LostAnswerParts {
  attach: (order: OrderRow, reference: string) => Promise<OrderRow>;
  reissue: (order: OrderRow) => Promise<OrderRow>;
}

export class SellerLostAnswerActions {
  constructor(
    private readonly steps: SellerActionSteps,
    private readonly parts: LostAnswerParts,
  ) {}

  /**
   * The invoice or link the seller found at the provider after a lost
   * answer. It is looked up first, so a mistyped id changes nothing.
   */
  async attach(
    orderId: string,
    actor: SellerActor,
    request: ActionRequest & { providerReference: string },
  ): Promise<ActionResult> {
    const { steps } = this;
    return steps.once(orderId, 'order.attach', request, async (order) => {
      await steps.check('attach', order);
      try {
        await steps
          .railFor(order)
          .fetchState(toSnapshot({ ...order, providerReference: request.providerReference }));
      } catch (error) {
        providerFailure(error, `find ${request.providerReference}`);
      }
      const attached = await this.parts.attach(order, request.providerReference);
      const message = `Attached ${request.providerReference}; the order is ${attached.status.replace('_', ' ')}.`;
      await steps.audit(steps.db, actor, 'order.attach', order, attached, request, { message });
      return { message };
    });
  }

  /** The provider has nothing for the order after a lost answer: a new invoice or link. */
  async reissue(
    orderId: string,
    actor: SellerActor,
    request: ActionRequest,
  ): Promise<ActionResult> {
    const { steps } = this;
    return steps.once(orderId, 'order.reissue', request, async (order) => {
      await steps.check('reissue', order);
      let reissued: OrderRow;
      try {
        reissued = await this.parts.reissue(order);
      } catch (error) {
        if (!(error instanceof OrderError)) throw error;
        reissued = (await findOrder(steps.db, order.id)) ?? order;
      }
      const message =
        reissued.status === 'awaiting_payment'
          ? 'A new invoice or link was sent to the buyer.'
          : 'The provider did not answer yet; the order will be issued as soon as it does.';
      await steps.audit(steps.db, actor, 'order.reissue', order, reissued, request, { message });
      return { message };
    });
  }
}
