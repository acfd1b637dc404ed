/**
 * Rules for a new invoice that PayPal documents in prose rather than in the
 * schema: an invoice needs items, `invoice_number` is at most 25
 * characters, the currency must be one PayPal supports, quantities and
 * percentages are bounded decimals, discounts are not negative, and every amount is in the invoice's
 * currency with no more decimals than that currency has. Issue codes follow
 * PayPal's catalogue where it has one (see the contracts and section A.5 of
 * the provider notes); CURRENCY_MISMATCH and DECIMAL_PRECISION are the codes
 * PayPal's other v2 APIs use for the same mistakes.
 */
import type { ErrorDetail } from './errors';
import { describeIssue } from './openapi-validation';
import { SUPPORTED_CURRENCIES, currencyDigits, parseScaled, toMinor } from './money';
import type { InvoiceRequest, Money } from './types';

export const MAX_INVOICE_NUMBER_LENGTH = 25;
const LIMIT = 1_000_000n;

function detail(field: string, issue: string, description: string, value?: string): ErrorDetail {
  return {
    field,
    ...(value !== undefined ? { value } : {}),
    location: 'body',
    issue,
    description,
  };
}

function checkMoney(
  money: Money | undefined,
  field: string,
  currency: string,
  out: ErrorDetail[],
): void {
  if (!money) return;
  if (money.currency_code !== currency) {
    out.push(
      detail(
        `${field}/currency_code`,
        'CURRENCY_MISMATCH',
        'Every amount must be in the currency of detail.currency_code.',
        money.currency_code,
      ),
    );
    return;
  }
  const minor = toMinor(money);
  if (minor === undefined) {
    out.push(
      detail(
        `${field}/value`,
        'DECIMAL_PRECISION',
        `${currency} amounts allow ${currencyDigits(currency)} decimal places.`,
        money.value,
      ),
    );
  } else if (minor > LIMIT * 100n || minor < -LIMIT * 100n) {
    out.push(
      detail(
        `${field}/value`,
        'INVALID_PARAMETER_VALUE',
        'Amounts range from -1000000 to 1000000.',
        money.value,
      ),
    );
  }
}

/** A discount's amount: from 0 to 1000000 (PayPal's contract); a negative one would add to the total. */
function checkDiscountAmount(
  money: Money | undefined,
  field: string,
  currency: string,
  out: ErrorDetail[],
): void {
  const before = out.length;
  checkMoney(money, field, currency, out);
  if (!money || out.length > before) return;
  if ((toMinor(money) ?? 0n) < 0n) {
    out.push(
      detail(
        `${field}/value`,
        'INVALID_PARAMETER_VALUE',
        'A discount amount ranges from 0 to 1000000.',
        money.value,
      ),
    );
  }
}

function checkPercent(value: string | undefined, field: string, out: ErrorDetail[]): void {
  if (value === undefined) return;
  const scaled = parseScaled(value, 5);
  if (scaled === undefined || scaled < 0n || scaled > 100n * 100_000n) {
    out.push(
      detail(
        field,
        'INVALID_PARAMETER_VALUE',
        'A percentage ranges from 0 to 100, with up to five decimal places.',
        value,
      ),
    );
  }
}

/** Problems with a schema-valid create body; empty when PayPal would accept it. */
export function checkInvoiceRules(request: InvoiceRequest): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  const currency = request.detail.currency_code;
  const number = request.detail.invoice_number;

  if (number !== undefined && number.length > MAX_INVOICE_NUMBER_LENGTH) {
    out.push(
      detail(
        '/detail/invoice_number',
        'INVALID_STRING_MAX_LENGTH',
        'Invoice number length should be less than 25 characters.',
        number,
      ),
    );
  }
  if (!SUPPORTED_CURRENCIES.has(currency)) {
    out.push(
      detail('/detail/currency_code', 'NOT_SUPPORTED', 'Currency code is not supported.', currency),
    );
    // Every amount would be reported again below; the currency is the one mistake.
    return out;
  }

  const items = request.items ?? [];
  if (items.length === 0) {
    out.push(
      detail('/items', 'MISSING_REQUIRED_PARAMETER', describeIssue('MISSING_REQUIRED_PARAMETER')),
    );
  }
  items.forEach((item, index) => {
    const at = `/items/${index}`;
    const quantity = parseScaled(item.quantity, 5);
    if (quantity === undefined || quantity > LIMIT * 100_000n || quantity < -LIMIT * 100_000n) {
      out.push(
        detail(
          `${at}/quantity`,
          'INVALID_PARAMETER_SYNTAX',
          'Quantity is a number from -1000000 to 1000000 with up to five decimal places.',
          item.quantity,
        ),
      );
    }
    checkMoney(item.unit_amount, `${at}/unit_amount`, currency, out);
    checkDiscountAmount(item.discount?.amount, `${at}/discount/amount`, currency, out);
    checkPercent(item.discount?.percent, `${at}/discount/percent`, out);
    checkPercent(item.tax?.percent, `${at}/tax/percent`, out);
  });

  const breakdown = request.amount?.breakdown;
  const invoiceDiscount = breakdown?.discount?.invoice_discount;
  checkDiscountAmount(
    invoiceDiscount?.amount,
    '/amount/breakdown/discount/invoice_discount/amount',
    currency,
    out,
  );
  checkPercent(
    invoiceDiscount?.percent,
    '/amount/breakdown/discount/invoice_discount/percent',
    out,
  );
  checkMoney(breakdown?.shipping?.amount, '/amount/breakdown/shipping/amount', currency, out);
  checkPercent(breakdown?.shipping?.tax?.percent, '/amount/breakdown/shipping/tax/percent', out);
  checkMoney(breakdown?.custom?.amount, '/amount/breakdown/custom/amount', currency, out);
  return out;
}
