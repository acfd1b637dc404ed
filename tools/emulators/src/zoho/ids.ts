/**
 * Identifiers in the shapes Zoho uses: long numeric ids (contacts, payment
 * links, payments, events), opaque hex tokens for the hosted pay page, and
 * `1000.<hex>.<hex>` access tokens.
 *
 * Zoho's ids come from counters, so neighbouring records get neighbouring
 * ids. Each sequence here starts at a random point, so ids made by one run
 * of the emulator do not collide with ids an earlier run left in a local
 * database. Event ids have 16 digits, as in Zoho's samples
 * (9973000000138072): more than a JavaScript number holds exactly, which
 * is why they are kept as strings inside the emulator.
 */
import { randomBytes, randomInt } from 'node:crypto';

export class IdSequence {
  private next: number;

  /**
   * @param prefix leading digits shared by every id of the kind
   * @param digits how many digits follow the prefix
   */
  constructor(
    private readonly prefix: string,
    private readonly digits: number,
  ) {
    // Start somewhere in the lower half so the sequence has room to grow.
    this.next = randomInt(1, Math.floor(10 ** digits / 2));
  }

  take(): string {
    const id = `${this.prefix}${String(this.next).padStart(this.digits, '0')}`;
    this.next += 1;
    return id;
  }
}

export interface ZohoIds {
  contact: IdSequence;
  contactPerson: IdSequence;
  paymentLink: IdSequence;
  payment: IdSequence;
  refund: IdSequence;
  event: IdSequence;
}

export function zohoIds(): ZohoIds {
  return {
    // 15 digits, e.g. 460000000026049.
    contact: new IdSequence('4600000', 8),
    contactPerson: new IdSequence('4600001', 8),
    // 15 digits, e.g. 173000002315107.
    paymentLink: new IdSequence('1730000', 8),
    // 16 digits, e.g. 9973000000138051 (a string on the wire).
    payment: new IdSequence('99730000', 8),
    // 16 digits, e.g. 1987000000724219 (a string on the wire).
    refund: new IdSequence('19870000', 8),
    // 16 digits, e.g. 9973000000138072 (a number on the wire).
    event: new IdSequence('99731000', 8),
  };
}

/** The token in the hosted page's URL: 44 lowercase hex characters, as Zoho's. */
export const payPageToken = () => randomBytes(22).toString('hex');

/** `1000.<32 hex>.<32 hex>`, the shape of Zoho's access tokens. */
export const accessToken = () =>
  `1000.${randomBytes(16).toString('hex')}.${randomBytes(16).toString('hex')}`;
