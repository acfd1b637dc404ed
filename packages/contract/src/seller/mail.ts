/**
 * Whether the site's e-mail can be trusted by the mailboxes it reaches: the
 * sender domain's SPF, DKIM and DMARC records, looked up in DNS when the
 * seller opens the page. Each record is ok, a problem (with what to do), or
 * could not be checked (DNS did not answer, or the provider cannot be told).
 */
import { z } from 'zod/mini';

export const sellerMailRoutes = {
  /** GET: a fresh look-up of the sender domain's records. */
  senderDomain: '/api/seller/mail/sender-domain',
} as const;

export const dnsRecordStateSchema = z.enum(['ok', 'problem', 'could-not-check']);
export type DnsRecordState = z.infer<typeof dnsRecordStateSchema>;

export const dnsRecordCheckSchema = z.object({
  record: z.enum(['spf', 'dkim', 'dmarc']),
  state: dnsRecordStateSchema,
  /** One sentence: what was found. */
  summary: z.string(),
  /** What to do about it, or null when nothing is needed. */
  advice: z.nullable(z.string()),
  /** The DNS names looked up (DKIM: one per selector tried). */
  lookedUp: z.array(z.string()),
  /** The records found, as published. */
  found: z.array(z.string()),
});
export type DnsRecordCheck = z.infer<typeof dnsRecordCheckSchema>;

export const senderDomainCheckSchema = z.object({
  /** MAIL_FROM's address and its domain. */
  sender: z.string(),
  domain: z.string(),
  /** SMTP_URL's host (never its credentials), or null when none is set. */
  smtpHost: z.nullable(z.string()),
  /** The SMTP provider recognised from the host, e.g. "Amazon SES". */
  provider: z.nullable(z.string()),
  checkedAt: z.string(),
  records: z.array(dnsRecordCheckSchema),
});
export type SenderDomainCheck = z.infer<typeof senderDomainCheckSchema>;
