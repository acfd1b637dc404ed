import { describe, expect, it } from 'vitest';
import { MailRefusedError, refusalOf } from './transport';

/** nodemailer's error for an SMTP answer. */
const smtpError = (command: string, response: string, code = 'EENVELOPE') =>
  Object.assign(new Error('Can’t send mail'), {
    code,
    command,
    response,
    responseCode: Number(response.slice(0, 3)),
  });

describe('a permanent refusal', () => {
  it('is a 5xx answer to the recipient or to the message', () => {
    const refused = refusalOf(smtpError('RCPT TO', '550 5.1.1 <a@b.c>: user unknown'));
    expect(refused).toBeInstanceOf(MailRefusedError);
    expect(refused!.answer).toBe('550 5.1.1 <a@b.c>: user unknown');
    expect(refusalOf(smtpError('DATA', '554 5.7.1 message rejected', 'EMESSAGE'))).toBeDefined();
  });

  it('is not a 4xx, a connection failure, or a 5xx to our log-in or sender (our own set-up)', () => {
    expect(refusalOf(smtpError('RCPT TO', '452 4.2.2 mailbox full'))).toBeUndefined();
    expect(
      refusalOf(smtpError('AUTH PLAIN', '535 5.7.8 bad credentials', 'EAUTH')),
    ).toBeUndefined();
    expect(refusalOf(smtpError('MAIL FROM', '553 5.7.1 sender not verified'))).toBeUndefined();
    expect(
      refusalOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' })),
    ).toBeUndefined();
    expect(refusalOf(undefined)).toBeUndefined();
  });
});
