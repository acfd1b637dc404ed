/**
 * A purchase on either rail, as both checkout routes make it: place (or
 * reuse) the buyer's order, then make sure its invoice or link is issued.
 * The identity comes from the verified token, the code was normalised at
 * the edge, and the price is the server's.
 */
import type { FastifyRequest } from 'fastify';
import { networkOf } from '../plugins/rate-limit-keys';
import type { Identity } from '../../core/identity/firebase-verifier';
import { OrderReplacedError } from '../../orders/errors';
import type { ClientOrigin } from '../../orders/hold-rules';
import type { PlaceOrderInput } from '../../orders/placing';
import { isRailFailure } from '../../orders/rail-port';
import { HttpError } from '../../lib/http-error';
import type { OrderRow } from '../../orders/repository';
import type { OrderService } from '../../orders/service';

/** An order as a checkout places it: for the signed-in buyer, from the request's client. */
export type Purchase = Omit<PlaceOrderInput, 'uid' | 'email' | 'client'> & { client: ClientOrigin };

/** The request's client address (from X-Forwarded-For with TRUST_PROXY) and its network. */
export function clientOf(request: FastifyRequest): ClientOrigin {
  return { address: request.ip, network: networkOf(request.ip) };
}

export async function purchase(
  orders: OrderService,
  identity: Identity,
  request: Purchase,
): Promise<{ order: OrderRow; reused: boolean; sentBefore: boolean }> {
  const placed = await orders.placement.place({
    uid: identity.uid,
    email: identity.email,
    ...request,
  });
  const order = await orders.issuing.issue(placed.order);
  // A later checkout of the same buyer closed this order before or while it was issued.
  if (order.status === 'cancelled') throw new OrderReplacedError();
  // Reused with its invoice or link out already: the buyer was sent it before this request.
  const sentBefore = placed.reused && placed.order.providerReference !== null;
  return { order, reused: placed.reused, sentBefore };
}

/** Answers 502 with `message` when the rail's provider failed on its side; anything else stays. */
export const railDown =
  (message: string) =>
  (error: unknown): never => {
    throw isRailFailure(error) ? new HttpError(502, message) : error;
  };
