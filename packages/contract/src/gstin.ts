import { z } from 'zod/mini';
import { miniText } from './text';

/**
 * India's GST identification number (GSTIN), one check for the contact form
 * and the server. 15 characters:
 *
 *   27 AAPFU0939F 1 Z V
 *   │  │          │ │ └ check character (base-36 checksum of the first 14)
 *   │  │          │ └── 'Z' (by default)
 *   │  │          └──── entity number of the PAN holder in the state, 1-9 then A-Z
 *   │  └─────────────── PAN: 5 letters, 4 digits, 1 letter
 *   └────────────────── GST state code, 01–38
 *
 * Codes 97 (other territory) and 99 (centre jurisdiction) are left out: they
 * are not states a buyer is registered in, and Zoho Books has no place of
 * contact for them.
 */
export const GSTIN_EXAMPLE = '27AAPFU0939F1ZV';

export const GSTIN_INVALID_MESSAGE = `This GSTIN is not valid: please check it (15 characters, e.g. ${GSTIN_EXAMPLE})`;
export const GSTIN_CHECKSUM_MESSAGE =
  'This GSTIN’s last character does not match the rest: please check it for a typing mistake';

/** GST state codes, 01–38, by number (two digits). */
export const GST_STATE_NAMES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (before division)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};

const SHAPE = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character of a GSTIN's first 14 characters (upper-case, 0-9A-Z). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const value = BASE36.indexOf(first14.charAt(index));
    if (value < 0) throw new RangeError('A GSTIN has only digits and capital letters');
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36.charAt((36 - (sum % 36)) % 36);
}

/** What is wrong with a GSTIN, already upper-cased and without spaces; undefined when nothing. */
export function gstinProblem(gstin: string): 'invalid' | 'checksum' | undefined {
  const match = SHAPE.exec(gstin);
  if (!match || !GST_STATE_NAMES[match[1]!]) return 'invalid';
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin.charAt(14) ? undefined : 'checksum';
}

/** The two-digit GST state code of a valid GSTIN. */
export function gstinStateCode(gstin: string): string {
  return gstin.slice(0, 2);
}

/**
 * A GSTIN as typed: spaces dropped and upper-cased, then checked. The
 * result is the normalised GSTIN.
 */
export const gstinSchema = z
  .pipe(
    miniText(z.maxLength(40, GSTIN_INVALID_MESSAGE)),
    z.transform((value: string) => value.replace(/\s+/g, '').toUpperCase()),
  )
  .check(
    z.superRefine((value, context) => {
      const problem = gstinProblem(value);
      if (problem)
        context.addIssue({
          code: 'custom',
          message: problem === 'checksum' ? GSTIN_CHECKSUM_MESSAGE : GSTIN_INVALID_MESSAGE,
        });
    }),
  );
