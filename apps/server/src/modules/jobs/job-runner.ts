/**
 * Periodic work on every instance: reconcile orders with the providers,
 * deliver hand-offs to the courses portal, write the sellers' e-mails
 * (new "Needs attention" items, the daily digest) and send the e-mail
 * outbox, and now and then prune old rate-limit windows and delete uploaded
 * images no page section uses. The work is claimed in the database (SKIP
 * LOCKED, or locks the clean-ups take), so any number of instances can run
 * this at once without doing anything twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { pruneRateLimitCounters } from '../../plugins/rate-limit-store';
import { deleteUnusedImages } from '../content/image-cleanup';
import type { HandoffDeliverer } from '../handoff/outbox';
import type { MailDeliverer } from '../mail/outbox';
import type { SellerMail } from '../mail/seller-mail';
import type { OrderService } from '../orders/service';
import type { WaitlistJobs } from '../waitlist/jobs';

/** Clean-ups nothing waits for run on the first pass and then once in this many. */
const HOUSEKEEPING_EVERY_TICKS = 20;

export interface JobRunner {
  stop(): Promise<void>;
  /** One pass now (tests and the command-line tool). */
  runOnce(): Promise<void>;
}

export function startJobRunner(
  deps: {
    db: Database;
    orders: OrderService;
    handoffs: HandoffDeliverer;
    mail: MailDeliverer;
    sellerMail: SellerMail;
    waitlist: WaitlistJobs;
    log: FastifyBaseLogger;
  },
  intervalSeconds: number,
): JobRunner {
  let running: Promise<void> | undefined;
  let ticks = 0;

  /** One step's failure is logged and must not keep the others (say, sending mail) from running. */
  const step = async <T>(name: string, work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      deps.log.error({ err: error, step: name }, 'a background job failed; will run again');
      return fallback;
    }
  };

  const runOnce = async () => {
    const now = new Date();
    const reconciled = await step('reconcile', () => deps.orders.reconcileDue(), 0);
    const waitlist = await step('waitlist', () => deps.waitlist.runDue(), {
      expired: 0,
      offered: 0,
    });
    const delivered = await step('hand-offs', () => deps.handoffs.deliverDue(), 0);
    const noticed = await step('attention mail', () => deps.sellerMail.enqueueNewAttention(now), 0);
    const digest = await step('digest', () => deps.sellerMail.enqueueDigestIfDue(now), false);
    const mailed = await step('mail', () => deps.mail.deliverDue(), 0);
    let unusedImages = 0;
    if (ticks % HOUSEKEEPING_EVERY_TICKS === 0) {
      await step('prune', () => pruneRateLimitCounters(deps.db), undefined);
      unusedImages = await step('unused images', () => deleteUnusedImages(deps.db), 0);
    }
    ticks += 1;
    const offers = waitlist.expired + waitlist.offered;
    if (
      reconciled > 0 ||
      offers > 0 ||
      delivered > 0 ||
      noticed > 0 ||
      digest ||
      mailed > 0 ||
      unusedImages > 0
    )
      deps.log.info(
        { reconciled, offers, delivered, noticed, digest, mailed, unusedImages },
        'background jobs ran',
      );
  };

  const timer = setInterval(() => {
    running ??= runOnce().finally(() => {
      running = undefined;
    });
  }, intervalSeconds * 1000);
  timer.unref();

  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
