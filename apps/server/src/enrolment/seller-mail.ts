/**
 * What the sellers are e-mailed, decided on each pass of the background
 * jobs: one message per new item on the "Needs attention" list (its key
 * names it, so an item mails once and a changed note mails again), and a
 * daily digest once the configured Pacific hour has come. Both go through
 * the outbox under keys that name their cause, so any number of instances
 * can run this at once and each message is still written once.
 */
import { addDays, PACIFIC_TIME_ZONE, pacificDate, zonedTime } from '@wifi7/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { type AttentionItem, listAttentionItems } from '../orders/needs-attention';
import { renderAttentionMail } from './attention-message';
import { collectDigest } from './digest';
import { renderDigestMail } from './digest-message';
import { enqueueMail, enqueueMails, type OutgoingMail } from '../core/mail/outbox';

export interface SellerMailSettings {
  /** The sellers' addresses; nothing is written while there are none. */
  sellers: string[];
  siteUrl: string;
  /** The Pacific hour (0–23) from which the day's digest goes out. */
  digestHour: number;
}

export const attentionKey = (item: Pick<AttentionItem, 'key'>) => `attention:${item.key}`;
export const digestKey = (pacificDay: string) => `digest:${pacificDay}`;

export class SellerMail {
  constructor(
    private readonly db: Db,
    private readonly settings: SellerMailSettings,
  ) {}

  /** Writes a message for every attention item not mailed before; answers how many. */
  async enqueueNewAttention(now = new Date()): Promise<number> {
    if (this.settings.sellers.length === 0) return 0;
    // A hand-off that failed once is retried within minutes on its own; the
    // sellers are mailed about it once it is stuck, not at its first failure.
    const items = (await listAttentionItems(this.db, now)).filter(
      (item) => item.kind !== 'paid-not-handed-off',
    );
    if (items.length === 0) return 0;
    // Most items were mailed on an earlier pass: render only the new ones.
    const known = new Set(
      (
        await this.db
          .select({ key: mailOutbox.dedupeKey })
          .from(mailOutbox)
          .where(inArray(mailOutbox.dedupeKey, items.map(attentionKey)))
      ).map((row) => row.key),
    );
    const fresh = items.filter((item) => !known.has(attentionKey(item)));
    const mails = fresh.map((item): OutgoingMail => ({
      kind: 'seller-attention',
      dedupeKey: attentionKey(item),
      to: this.settings.sellers,
      orderId: 'orderId' in item ? item.orderId : undefined,
      ...renderAttentionMail(item, { siteUrl: this.settings.siteUrl }),
    }));
    return (await enqueueMails(this.db, mails)).length;
  }

  /**
   * From the digest hour on, writes today's digest (covering yesterday)
   * unless it was written already; answers whether this call wrote it.
   */
  async enqueueDigestIfDue(now = new Date()): Promise<boolean> {
    if (this.settings.sellers.length === 0) return false;
    if (zonedTime(now, PACIFIC_TIME_ZONE).hour < this.settings.digestHour) return false;
    const today = pacificDate(now);
    const key = digestKey(today);
    const [already] = await this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, key));
    if (already) return false;
    const figures = await collectDigest(this.db, addDays(today, -1));
    const id = await enqueueMail(this.db, {
      kind: 'seller-digest',
      dedupeKey: key,
      to: this.settings.sellers,
      ...renderDigestMail(figures, { siteUrl: this.settings.siteUrl }),
    });
    return id !== undefined;
  }
}
