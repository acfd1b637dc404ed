/**
 * The back office's e-mail section: whether the sender domain of MAIL_FROM
 * has SPF, DKIM and DMARC records that let the SMTP provider send for it,
 * looked up in DNS afresh on each view (seller-only, so no cache is kept).
 */
import { Resolver } from 'node:dns/promises';
import { senderDomainCheckSchema, sellerMailRoutes } from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkSenderDomain,
  type DnsLookups,
  type SenderDomainSettings,
} from '../../../core/mail/sender-domain';
import { sellerRoutesOn } from '../seller-routes';

/** Each question to DNS gets one try of 3 s: a page, not a mail server, is waiting. */
const DNS_TIMEOUT_MS = 3000;

export interface SellerMailOptions {
  settings: Omit<SenderDomainSettings, 'timeoutMs'>;
  /** The system's DNS by default; tests hand a fake. */
  dns?: DnsLookups;
}

export const sellerMailRoutesPlugin: FastifyPluginAsyncZod<SellerMailOptions> = async (
  app,
  { settings, dns },
) => {
  const resolver = dns ?? new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 1 });
  sellerRoutesOn(app).read(sellerMailRoutes.senderDomain, senderDomainCheckSchema, () =>
    checkSenderDomain(resolver, { ...settings, timeoutMs: DNS_TIMEOUT_MS }),
  );
};
