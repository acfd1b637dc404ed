/**
 * Unpaid holds that cluster: many open orders of one batch from one client
 * network, or from one e-mail domain that is not a big public mail
 * provider. That is what one person hoarding seats with many proven
 * addresses looks like, so the seller is shown it (Needs attention) with
 * one action that releases them all (cancelling each order through its rail).
 */
import type { HoldCluster } from '@wifi7/contract';
import { and, asc, eq, gte, inArray, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { OPEN_STATUSES } from './repository';

/** A network at the default cap of unpaid holds (orders/hold-rules.ts) is worth a look. */
export const CLUSTER_BY_NETWORK = 3;
/** A company may send a few colleagues; this many unpaid holds from one domain is more. */
export const CLUSTER_BY_DOMAIN = 5;

/** Where anyone can open many addresses: a shared domain there says nothing about the buyers. */
export const PUBLIC_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  '163.com',
  'rediffmail.com',
];

export interface ClusteredHolds extends HoldCluster {
  count: number;
  /** When the first of them was placed. */
  since: Date;
}

const emailDomain = sql<string>`lower(split_part(${orders.email}, '@', 2))`;
const unpaidHold = and(inArray(orders.status, OPEN_STATUSES), eq(orders.holdsReserved, true));

export async function listHoldClusters(db: Db): Promise<ClusteredHolds[]> {
  const grouped = (by: HoldCluster['by'], value: SQL<string>, where: SQL, least: number) =>
    db
      .select({
        batchId: orders.batchId,
        value,
        count: sql<number>`count(*)`.mapWith(Number),
        since: sql<Date>`min(${orders.createdAt})`.mapWith((at) => new Date(at)),
      })
      .from(orders)
      .where(and(unpaidHold, where))
      .groupBy(orders.batchId, value)
      .having(gte(sql`count(*)`, least))
      .then((rows) => rows.map((row) => ({ ...row, by })));
  const [byNetwork, byDomain] = await Promise.all([
    grouped(
      'network',
      sql<string>`${orders.clientNetwork}`,
      isNotNull(orders.clientNetwork)!,
      CLUSTER_BY_NETWORK,
    ),
    grouped('domain', emailDomain, notInArray(emailDomain, PUBLIC_MAIL_DOMAINS), CLUSTER_BY_DOMAIN),
  ]);
  return [...byNetwork, ...byDomain];
}

/** The unpaid orders holding seats in the cluster now, oldest first. */
export async function ordersInCluster(db: Db, cluster: HoldCluster): Promise<string[]> {
  const member =
    cluster.by === 'network'
      ? eq(orders.clientNetwork, cluster.value)
      : eq(emailDomain, cluster.value.toLowerCase());
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(unpaidHold, eq(orders.batchId, cluster.batchId), member))
    .orderBy(asc(orders.createdAt));
  return rows.map((row) => row.id);
}
