/**
 * PayPal's webhook signature: SHA256withRSA (RSASSA-PKCS1-v1_5, SHA-256)
 * over `transmission_id|transmission_time|webhook_id|crc32(body)`, where
 * the CRC-32 (IEEE, as zlib) of the raw body bytes is written as an
 * unsigned decimal. The emulator makes its own key pair and serves
 * the public key at the `PAYPAL-CERT-URL` it sends, so a receiver verifies
 * exactly as it would against PayPal (with the emulator's URL trusted).
 */
import { type KeyObject, generateKeyPairSync, sign, verify } from 'node:crypto';
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

  constructor() {
    const pair = keys();
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
    this.publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
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
