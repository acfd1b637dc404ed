/**
 * The seller's policy for buyers' own cancels and moves: one row, read by
 * the checkout pages (to show it) and by every placement (which keeps a copy
 * on the order), and set from the back office, audited like a price. A new
 * policy applies to orders placed from then on; placed ones keep theirs.
 */
import { buyerPolicySchema, NO_BUYER_CHANGES, type BuyerPolicy } from '@wifi7/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { buyerPolicies } from '../db/schema';
import { upsert } from '../db/upsert';
import { type Actor, recordSellerAction } from '../core/audit';

/** The one row's key (the table allows no other). */
const POLICY_ROW = 1;

/** The policy a checkout now is placed under: NO_BUYER_CHANGES until a seller sets one. */
export async function currentBuyerPolicy(db: Db): Promise<BuyerPolicy> {
  const [row] = await db
    .select({ policy: buyerPolicies.policy })
    .from(buyerPolicies)
    .where(eq(buyerPolicies.id, POLICY_ROW));
  // Checked again on the way out: a row written by hand must not reach an order or a buyer.
  return row ? buyerPolicySchema.parse(row.policy) : NO_BUYER_CHANGES;
}

/** Sets the policy for orders placed from now on, and audits it in the same transaction. */
export async function setBuyerPolicy(
  db: Database,
  actor: Actor,
  policy: BuyerPolicy,
): Promise<BuyerPolicy> {
  return db.transaction(async (tx) => {
    // Two sellers saving at once: the second audits the first's policy as its "before".
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('buyer-policy', 0))`);
    const before = await currentBuyerPolicy(tx);
    await upsert(tx, buyerPolicies, ['id'], { id: POLICY_ROW, policy, updatedBy: actor });
    await recordSellerAction(tx, {
      sellerEmail: actor,
      action: 'policy.update',
      targetType: 'buyer-policy',
      targetId: 'buyer-policy',
      before,
      after: policy,
    });
    return policy;
  });
}
