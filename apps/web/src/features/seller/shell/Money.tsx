import type { Currency } from '@wifi7/contract';
import { formatMoney } from './format';

/** An amount with its currency code, aligned by its digits in tables. */
export function Money({ minor, currency }: { minor: number; currency: Currency | string }) {
  return (
    <span className="whitespace-nowrap tabular-nums">
      {formatMoney(minor, currency)} <span className="text-xs text-slate-500">{currency}</span>
    </span>
  );
}
