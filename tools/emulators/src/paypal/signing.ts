/**
 * PayPal's webhook signature: SHA256withRSA (RSASSA-PKCS1-v1_5, SHA-256)
 * over `transmission_id|transmission_time|webhook_id|crc32(body)`, where
 * the CRC-32 (IEEE, as zlib) of the raw body bytes is written as an
 * unsigned decimal. The emulator makes its own key pair and serves a
 * self-signed X.509 certificate of it at the `PAYPAL-CERT-URL` it sends, as
 * PayPal serves its own, so a receiver verifies exactly as it would against
 * PayPal (with the emulator's origin trusted instead of PayPal's CA).
 */
import { type KeyObject, generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto';
import { crc32 } from 'node:zlib';

export const AUTH_ALGO = 'SHA256withRSA';

/** CRC-32 of the bytes as an unsigned decimal string. */
export function crc32Decimal(body: Buffer | string): string {
  return String(crc32(body) >>> 0);
}

export function signedMessage(
  transmissionId: string,
  transmissionTime: string,
  webhookId: string,
  body: Buffer | string,
): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32Decimal(body)}`;
}

let processKeys: { privateKey: KeyObject; publicKey: KeyObject } | undefined;

/**
 * One key pair per process, made when first needed: generating RSA keys
 * takes a noticeable moment, and PayPal too signs every app's events with
 * the same certificate.
 */
function keys() {
  processKeys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
  return processKeys;
}

export class WebhookSigner {
  private readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  readonly publicKeyPem: string;
  /** The certificate served at `PAYPAL-CERT-URL`: self-signed, valid for a year from now. */
  readonly certificatePem: string;

  constructor() {
    const pair = keys();
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
    this.publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    this.certificatePem = selfSignedCertificate(pair, CERTIFICATE_SUBJECT);
  }

  /** Base64 signature, as in `PAYPAL-TRANSMISSION-SIG`. */
  sign(message: string): string {
    return sign('sha256', Buffer.from(message), this.privateKey).toString('base64');
  }

  verify(message: string, signatureBase64: string): boolean {
    try {
      return verify(
        'sha256',
        Buffer.from(message),
        this.publicKey,
        Buffer.from(signatureBase64, 'base64'),
      );
    } catch {
      return false;
    }
  }
}

/** The subject PayPal's own webhook certificates name. */
export const CERTIFICATE_SUBJECT = 'messageverificationcerts.paypal.com';

const YEAR_MS = 365 * 24 * 3_600_000;

/**
 * A minimal self-signed X.509 v3 certificate (RFC 5280) in PEM, made with
 * node:crypto alone: node can read certificates but not write them, and a
 * certificate library for these few DER fields would outweigh them.
 */
export function selfSignedCertificate(
  pair: { privateKey: KeyObject; publicKey: KeyObject },
  commonName: string,
  now = Date.now(),
): string {
  const sha256WithRsa = der(0x30, oid('1.2.840.113549.1.1.11'), der(0x05));
  const name = der(0x30, der(0x31, der(0x30, oid('2.5.4.3'), der(0x0c, Buffer.from(commonName)))));
  const tbs = der(
    0x30,
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, Buffer.concat([Buffer.from([0x01]), randomBytes(15)])),
    sha256WithRsa,
    name,
    der(0x30, generalizedTime(now - 60_000), generalizedTime(now + YEAR_MS)),
    name,
    pair.publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, pair.privateKey);
  const certificate = der(0x30, tbs, sha256WithRsa, der(0x03, Buffer.from([0]), signature));
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** One DER element: tag, definite length, contents. */
function der(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  const length =
    body.length < 0x80
      ? Buffer.from([body.length])
      : body.length < 0x100
        ? Buffer.from([0x81, body.length])
        : Buffer.from([0x82, body.length >> 8, body.length & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
}

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) base128.unshift((value & 0x7f) | 0x80);
    bytes.push(...base128);
  }
  return der(0x06, Buffer.from(bytes));
}

/** GeneralizedTime, `YYYYMMDDHHMMSSZ` (RFC 5280 allows it for any date). */
function generalizedTime(ms: number): Buffer {
  const text = new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return der(0x18, Buffer.from(`${text}Z`));
}
