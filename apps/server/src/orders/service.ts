/**
 * The order life cycle as one service, wired from its parts:
 *
 *   place      — placing.ts: one transaction, priced on the server, holds taken.
 *   issue      — issuing.ts: under a lease, the rail creates and sends the invoice or link.
 *   sync       — settlement.ts: the rail, asked directly, decides paid / closed / refunded.
 *   reconcile  — reconciler.ts: the background pass that finishes whatever was interrupted.
 *   command    — commands/: the seller's commands on an order, audited, through the rails.
 *
 * Only this module talks to rails, and only through the port (rail-port.ts).
 * See docs/decisions/0002-orders-and-payments.md for the states and rules.
 */
import { MY_ORDERS_PAGE } from '@wifi7/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../core/jobs/queue';
import type { PortalHandoffs, EnrolmentMails } from './enrolment-port';
import type { Database } from '../db/client';
import { OrderIssuing, PROVIDER_LEASE_SECONDS } from './issuing';
import { OrderPlacement, type PlacedOrder, type PlaceOrderInput } from './placing';
import { OrderCommand, type CommandParts } from './commands/command';
import type { PaymentRail, RailName } from './rail-port';
import { recordedRail, type ProviderCallObserver } from './provider-calls';
import { OrderReconciler } from './reconciler';
import type { OrderRow } from './repository';
import { OrderSettlement } from './settlement';

export type { PlaceOrderInput, PlacedOrder };

export interface OrderSettings {
  /** Unpaid seats of one batch that one client network may hold (hold-rules.ts). */
  unpaidHoldsPerNetwork: number;
  /** How long a request waits for another request that is issuing the same order. */
  issueWaitMs?: number;
  /** The provider lease's length without a heartbeat (tests shorten it). */
  providerLeaseSeconds?: number;
  /** Told of every call to a rail, for the operator's metrics. */
  observeProviderCall?: ProviderCallObserver;
  /** The queue that runs the orders' checks with the other jobs (one of their own if not given). */
  queue?: JobQueue;
  /** The site's address: the buyer's e-mails link to their orders there. */
  siteUrl?: string;
}

export class OrderService implements CommandParts {
  readonly placement: OrderPlacement;
  readonly issuing: OrderIssuing;
  readonly settlement: OrderSettlement;
  readonly reconciler: OrderReconciler;
  /** What the seller's and the buyer's commands on an order are run with (commands/command.ts). */
  readonly command: OrderCommand;
  readonly myOrdersUrl: string;
  /** The site's address: invite links and the buyer's e-mails point there. */
  readonly siteUrl: string;

  constructor(
    db: Database,
    private readonly rails: Partial<Record<RailName, PaymentRail>>,
    readonly handoffs: PortalHandoffs,
    log: FastifyBaseLogger,
    settings: OrderSettings,
    /** The buyer's e-mail once paid; tests of the money path alone leave it out. */
    readonly enrolmentMail?: EnrolmentMails,
  ) {
    // Every call the life cycle makes to a rail is recorded for the seller's timeline.
    const recorded = new Map<RailName, PaymentRail>();
    const railFor = (order: Pick<OrderRow, 'rail'>) => {
      let rail = recorded.get(order.rail);
      if (!rail) {
        rail = recordedRail(this.rail(order.rail), db, log, settings.observeProviderCall);
        recorded.set(order.rail, rail);
      }
      return rail;
    };
    this.siteUrl = settings.siteUrl ?? '';
    this.myOrdersUrl = `${this.siteUrl}${MY_ORDERS_PAGE}`;
    this.placement = new OrderPlacement(db, log, settings.unpaidHoldsPerNetwork);
    this.issuing = new OrderIssuing(
      db,
      railFor,
      log,
      settings.issueWaitMs ?? 20_000,
      settings.providerLeaseSeconds,
    );
    this.settlement = new OrderSettlement(db, railFor, handoffs, log, enrolmentMail);
    this.reconciler = new OrderReconciler(db, this.issuing, this.settlement, log, settings.queue);
    // The commands work through this service's parts.
    this.command = new OrderCommand(
      db,
      railFor,
      this,
      log,
      settings.providerLeaseSeconds ?? PROVIDER_LEASE_SECONDS,
    );
  }

  /**
   * A provider reported `reference` for this order (a webhook): the order's
   * own object, the one whose create answer was lost, or a second one.
   */
  async syncReported(order: OrderRow, reference: string | undefined, reason: string) {
    if (!reference || reference === order.providerReference)
      return this.settlement.sync(order, reason);
    if (order.providerReference) return this.settlement.settleExtraObject(order, reference, reason);
    const adopted = await this.settlement.adoptLostObject(order, reference);
    // Still pending: issuing finds the object by its id and gives the buyer its address.
    const issued = adopted.status === 'pending' ? await this.issuing.issue(adopted) : adopted;
    return this.settlement.sync(issued, reason);
  }

  /**
   * The seller found the order's invoice or link at the provider (after a
   * lost answer) and attaches it; one the order already has is settled as
   * a second object.
   */
  attach(order: OrderRow, reference: string): Promise<OrderRow> {
    return this.syncReported(order, reference, 'attached by the seller');
  }

  /**
   * The seller confirmed that the provider has nothing for this order after
   * a lost answer: the next issue makes a new invoice or link.
   */
  async reissue(order: OrderRow): Promise<OrderRow> {
    if (order.status !== 'pending' || order.providerReference) return order;
    const cleared = await this.settlement.forgetLostCreate(order);
    return this.issuing.issue(cleared);
  }

  /** The configured rail; a rail that is not configured is a deployment error. */
  rail(name: RailName): PaymentRail {
    const rail = this.rails[name];
    if (!rail) throw new Error(`No payment rail configured for ${name}`);
    return rail;
  }
}
