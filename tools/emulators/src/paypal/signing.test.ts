import { createPublicKey, verify, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_SUBJECT, WebhookSigner, crc32Decimal, signedMessage } from './signing';

describe('webhook signing', () => {
  it('writes the CRC-32 of the raw body as an unsigned decimal', () => {
    // Standard check values of CRC-32 (IEEE): 0x414FA339 and 0xCBF43926.
    expect(crc32Decimal('The quick brown fox jumps over the lazy dog')).toBe('1095738169');
    expect(crc32Decimal(Buffer.from('123456789'))).toBe('3421780262');
    expect(signedMessage('t-1', '2025-03-10T16:00:00Z', 'WH-1', '123456789')).toBe(
      't-1|2025-03-10T16:00:00Z|WH-1|3421780262',
    );
  });

  it('signs with SHA256withRSA that anyone with the published PEM can verify', () => {
    const signer = new WebhookSigner();
    const message = signedMessage('t-1', '2025-03-10T16:00:00Z', 'WH-1', '{"id":"WH-X"}');
    const signature = signer.sign(message);
    const key = createPublicKey(signer.publicKeyPem);
    expect(signer.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(verify('sha256', Buffer.from(message), key, Buffer.from(signature, 'base64'))).toBe(
      true,
    );
    expect(signer.verify(message, signature)).toBe(true);
    expect(signer.verify(`${message}0`, signature)).toBe(false);
    expect(signer.verify(message, 'bm90IGEgc2lnbmF0dXJl')).toBe(false);
  });

  it('serves a self-signed certificate of the signing key, as PayPal serves its own', () => {
    const signer = new WebhookSigner();
    const certificate = new X509Certificate(signer.certificatePem);
    expect(certificate.subject).toBe(`CN=${CERTIFICATE_SUBJECT}`);
    expect(certificate.checkIssued(certificate)).toBe(true);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(Date.parse(certificate.validTo)).toBeGreaterThan(Date.now() + 300 * 24 * 3_600_000);
    expect(Date.parse(certificate.validFrom)).toBeLessThanOrEqual(Date.now());
    const message = signedMessage('t-1', '2025-03-10T16:00:00Z', 'WH-1', '{}');
    expect(
      verify(
        'sha256',
        Buffer.from(message),
        certificate.publicKey,
        Buffer.from(signer.sign(message), 'base64'),
      ),
    ).toBe(true);
  });
});
