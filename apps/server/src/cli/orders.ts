/**
 * The seller's view of orders and payments, without reading logs:
 *
 *   npm run orders -- list [--status paid] [--email someone@example.com] [--attention]
 *   npm run orders -- show <orderId>     the order and its timeline, as the back office shows it
 *   npm run orders -- reconcile          one reconciliation pass now (asks the providers)
 *   npm run orders -- attach <orderId> <providerId>
 *                                        the invoice or link found at the provider after a lost answer
 *   npm run orders -- reissue <orderId>  a new one, once the provider is known to have none
 *
 * Works on the database the environment names (DATABASE_URL, or the
 * embedded PGlite folder when unset); `reconcile`, `attach` and `reissue` need the full server
 * configuration (provider credentials), e.g. `--env-file`.
 */
import { Command } from 'commander';
import { and, desc, eq, exists, isNull, type SQL } from 'drizzle-orm';
import { formatMinor } from '@wifi7/contract';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { withDatabase } from './database';
import { runCli } from './run';
import { attentionItems, orders } from '../db/schema';
import { orderDetail } from '../http/seller/orders/detail';
import { orderAttention, withAttention } from '../orders/attention';
import { createFirebaseVerifier } from '../core/identity/firebase-verifier';
import type { Db } from '../db/client';
import type { OrderService } from '../orders/service';
import { findOrder, type OrderRow } from '../orders/repository';

const program = new Command('orders')
  .description('See orders, payments and hand-offs.')
  .showHelpAfterError();

program
  .command('list')
  .option('--status <status>', 'only orders in this state')
  .option('--email <email>', "only this buyer's orders")
  .option('--attention', 'only orders a person must look at')
  .option('--limit <n>', 'how many, newest first', '50')
  .action(
    async (options: { status?: string; email?: string; attention?: boolean; limit: string }) => {
      await withDatabase(async ({ db }) => {
        const filters: SQL[] = [];
        if (options.status)
          filters.push(eq(orders.status, options.status as (typeof orders.$inferSelect)['status']));
        if (options.email) filters.push(eq(orders.email, options.email.trim().toLowerCase()));
        if (options.attention)
          filters.push(
            exists(
              db
                .select()
                .from(attentionItems)
                .where(
                  and(eq(attentionItems.orderId, orders.id), isNull(attentionItems.resolvedAt)),
                ),
            ),
          );
        const rows = await db
          .select()
          .from(orders)
          .where(and(...filters))
          .orderBy(desc(orders.createdAt))
          .limit(Number(options.limit));
        console.table(
          (await withAttention(db, rows)).map((order) => ({
            order: order.id,
            created: order.createdAt.toISOString().slice(0, 16),
            email: order.email,
            rail: order.rail,
            status: order.status,
            batch: order.batchId,
            total: `${formatMinor(order.totalMinor)} ${order.currency}`,
            code: order.discountCode ?? '',
            attention: order.attention ?? '',
          })),
        );
      });
    },
  );

program
  .command('show')
  .argument('<orderId>')
  .action(async (orderId: string) => {
    await withDatabase(async ({ db }) => {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order) throw new Error(`No order ${orderId}.`);
      console.log(
        JSON.stringify(
          {
            ...order,
            attention: await orderAttention(db, order.id),
            subtotal: formatMinor(order.subtotalMinor),
            total: formatMinor(order.totalMinor),
          },
          null,
          2,
        ),
      );
      // The order's whole story, as the back office's order page tells it.
      console.log('\nTimeline:');
      console.table(
        (await orderDetail(db, orderId))!.timeline.map((entry) => ({
          at: entry.at,
          what: entry.title,
          detail: entry.detail ?? '',
          by: entry.actor ?? '',
        })),
      );
    });
  });

/** Runs `work` with the whole server wired (provider credentials from the environment). */
async function withServices(
  work: (services: Awaited<ReturnType<typeof buildApp>>['services'], db: Db) => Promise<void>,
): Promise<void> {
  const config = loadConfig();
  await withDatabase(async (database) => {
    const app = await buildApp({
      config,
      database,
      verifier: createFirebaseVerifier(config.firebase),
    });
    try {
      await work(app.services, database.db);
    } finally {
      await app.close();
    }
  });
}

/** Does `act` to the order, then says where the order stands. */
function actOnOrder(
  orderId: string,
  act: (orders: OrderService, order: OrderRow) => Promise<OrderRow>,
) {
  return withServices(async (services, db) => {
    const order = await findOrder(db, orderId);
    if (!order) throw new Error(`No order ${orderId}.`);
    const after = await act(services.orders, order);
    const attention = await orderAttention(db, after.id);
    const reference = after.providerReference ? `, at the provider ${after.providerReference}` : '';
    const still = attention ? `\nStill to look at: ${attention}` : '';
    console.log(`Order ${after.id} is ${after.status}${reference}.${still}`);
  });
}

program
  .command('reconcile')
  .description('Ask the providers about every order due for a check, and deliver due hand-offs.')
  .action(async () => {
    await withServices(async (services) => {
      const checked = await services.orders.reconciler.reconcileDue(100);
      const delivered = await services.handoffs.deliverDue(100);
      console.log(`Checked ${checked} order(s); delivered ${delivered} hand-off(s).`);
    });
  });

program
  .command('attach')
  .description(
    "Give an order the invoice or link found at the provider after the provider's answer was lost.",
  )
  .argument('<orderId>')
  .argument('<providerId>', 'the PayPal invoice id or the Zoho payment link id')
  .action((orderId: string, providerId: string) =>
    actOnOrder(orderId, (service, order) => service.attach(order, providerId.trim())),
  );

program
  .command('reissue')
  .description(
    'Make a new invoice or link for an order whose provider answer was lost, once you have checked that the provider has none.',
  )
  .argument('<orderId>')
  .action((orderId: string) => actOnOrder(orderId, (service, order) => service.reissue(order)));

runCli(program);
