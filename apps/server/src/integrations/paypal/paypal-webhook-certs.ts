/**
 * The certificates PayPal signs webhooks with, fetched from the delivery's
 * `PAYPAL-CERT-URL` (already checked to be on PayPal's hosts or the
 * configured API base) and kept by URL, so a genuine delivery is verified
 * here without asking PayPal, and a forged one costs at most a certificate
 * fetch that is then cached either way.
 *
 * A certificate is PayPal's when its subject is PayPal's webhook signing
 * name and, on PayPal's hosts, the chain served with it leads to a root CA
 * the system trusts; on the configured API base (the local emulators) it
 * is that origin's own self-signed certificate. Fetches are bounded: a
 * handful of certificates kept, a few fetches a minute per instance, and a
 * URL whose fetch failed is not fetched again for a minute. The cache is
 * only a cache: an instance without it fetches again.
 */
import { X509Certificate, type KeyObject } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { InstanceBudget } from '../../lib/instance-budget';

/** The subject of PayPal's webhook signing certificates. */
export const PAYPAL_CERT_SUBJECT = 'messageverificationcerts.paypal.com';

export const CERTIFICATE_LIMITS = {
  /** Certificates kept per instance; the least recently used goes first. */
  kept: 16,
  /** Certificate fetches a minute per instance, all URLs together. */
  fetchesPerMinute: 10,
  /** How long a URL whose fetch failed is not fetched again. */
  retryFailedAfterMs: 60_000,
  /** Failed URLs remembered at most (they never push a good certificate out). */
  failuresKept: 1000,
  /** The largest certificate file read. */
  maxBytes: 64 * 1024,
};

const MINUTE_MS = 60_000;

export type CertificateAnswer =
  | { key: KeyObject }
  /** Not fetched or not PayPal's; `retryInMs` until it may be fetched again. */
  | { unavailable: string; retryInMs: number };

export interface CertificateSource {
  /** The public key of the certificate at `url`, or why there is none now. */
  publicKeyAt(url: string): Promise<CertificateAnswer>;
}

export class PayPalCertificates implements CertificateSource {
  private readonly kept = new Map<string, { key: KeyObject; validUntil: number }>();
  private readonly failed = new Map<string, number>();
  private readonly fetching = new Map<string, Promise<CertificateAnswer>>();
  private readonly fetches = new InstanceBudget(CERTIFICATE_LIMITS.fetchesPerMinute, MINUTE_MS);

  constructor(
    private readonly options: {
      /** Origins whose own self-signed certificate is trusted: the configured API base. */
      selfSignedOrigins: readonly string[];
      /** PayPal's certificate hosts: their certificates must chain to a trusted root. */
      paypalHosts: readonly string[];
      timeoutMs: number;
      now?: () => number;
    },
  ) {}

  async publicKeyAt(url: string): Promise<CertificateAnswer> {
    const now = this.now();
    const kept = this.kept.get(url);
    if (kept && kept.validUntil > now) {
      this.remember(this.kept, url, kept, CERTIFICATE_LIMITS.kept);
      return { key: kept.key };
    }
    this.kept.delete(url);
    const retryAt = this.failed.get(url);
    if (retryAt !== undefined && retryAt > now) {
      return { unavailable: 'The certificate could not be fetched.', retryInMs: retryAt - now };
    }
    const running = this.fetching.get(url);
    if (running) return running;
    if (!this.fetches.take(now)) {
      return {
        unavailable: 'Too many certificates to fetch.',
        retryInMs: this.fetches.resetInMs(now),
      };
    }
    const fetched = this.fetchAndCheck(url).finally(() => this.fetching.delete(url));
    this.fetching.set(url, fetched);
    return fetched;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private async fetchAndCheck(url: string): Promise<CertificateAnswer> {
    let certificate: X509Certificate | undefined;
    try {
      certificate = this.paypalCertificateOf(await this.download(url), url);
    } catch {
      certificate = undefined;
    }
    if (!certificate) {
      const retryAt = this.now() + CERTIFICATE_LIMITS.retryFailedAfterMs;
      this.remember(this.failed, url, retryAt, CERTIFICATE_LIMITS.failuresKept);
      return {
        unavailable: 'The certificate could not be fetched.',
        retryInMs: CERTIFICATE_LIMITS.retryFailedAfterMs,
      };
    }
    this.failed.delete(url);
    const entry = { key: certificate.publicKey, validUntil: Date.parse(certificate.validTo) };
    this.remember(this.kept, url, entry, CERTIFICATE_LIMITS.kept);
    return { key: certificate.publicKey };
  }

  private async download(url: string): Promise<string> {
    const response = await fetch(url, {
      redirect: 'error',
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const text = await response.text();
    if (!response.ok || text.length > CERTIFICATE_LIMITS.maxBytes) {
      throw new Error(`certificate answer ${response.status}`);
    }
    return text;
  }

  /** The leaf certificate when the PEM is PayPal's (see the module comment). */
  private paypalCertificateOf(pem: string, url: string): X509Certificate | undefined {
    const chain = (pem.match(PEM_CERTIFICATE) ?? []).map((block) => new X509Certificate(block));
    const [leaf] = chain;
    const now = this.now();
    if (!leaf || leaf.checkHost(PAYPAL_CERT_SUBJECT) === undefined) return undefined;
    if (!chain.every((certificate) => isValidAt(certificate, now))) return undefined;
    const { origin, hostname } = new URL(url);
    if (this.options.paypalHosts.includes(hostname)) return chainsToRoot(chain) ? leaf : undefined;
    if (this.options.selfSignedOrigins.includes(origin)) {
      return chain.length === 1 && leaf.checkIssued(leaf) && leaf.verify(leaf.publicKey)
        ? leaf
        : undefined;
    }
    return undefined;
  }

  /** Most recently used last, so the oldest is the first key of the map, dropped past `most`. */
  private remember<T>(map: Map<string, T>, url: string, value: T, most: number): void {
    map.delete(url);
    map.set(url, value);
    const oldest = map.keys().next().value;
    if (map.size > most && oldest !== undefined) map.delete(oldest);
  }
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+?-----END CERTIFICATE-----/g;

function isValidAt(certificate: X509Certificate, now: number): boolean {
  return Date.parse(certificate.validFrom) <= now && now < Date.parse(certificate.validTo);
}

let trustedRoots: X509Certificate[] | undefined;

/** Each certificate signed by the next, the last by a root CA the system trusts. */
function chainsToRoot(chain: readonly X509Certificate[]): boolean {
  for (let index = 0; index + 1 < chain.length; index += 1) {
    const [certificate, issuer] = [chain[index]!, chain[index + 1]!];
    if (!certificate.checkIssued(issuer) || !certificate.verify(issuer.publicKey)) return false;
  }
  const last = chain.at(-1);
  if (!last) return false;
  trustedRoots ??= rootCertificates.map((pem) => new X509Certificate(pem));
  return trustedRoots.some((root) => last.checkIssued(root) && last.verify(root.publicKey));
}
