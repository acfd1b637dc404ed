import {
  describeSession,
  pacificWallClockOf,
  type DiscountAvailability,
  type SellerDiscountCode,
  type SellerWorkshop,
} from '@wifi7/contract';
import { Badge, type BadgeTone } from './ui';
import { smallButton } from './styles';

const availability: Record<DiscountAvailability, { label: string; tone: BadgeTone }> = {
  usable: { label: 'Active', tone: 'green' },
  disabled: { label: 'Disabled', tone: 'slate' },
  'not-yet-valid': { label: 'Not yet valid', tone: 'sky' },
  expired: { label: 'Expired', tone: 'amber' },
  'used-up': { label: 'Used up', tone: 'amber' },
};

/** An instant in Pacific Time: "Tue, Jan 12, 2027, 9:00 AM PT". */
function pacific(iso: string): string {
  const { day, time } = describeSession(pacificWallClockOf(new Date(iso)));
  return `${day}, ${time} PT`;
}

function validity(code: SellerDiscountCode): string {
  if (code.validFrom && code.validUntil)
    return `${pacific(code.validFrom)} to ${pacific(code.validUntil)}`;
  if (code.validFrom) return `From ${pacific(code.validFrom)}`;
  if (code.validUntil) return `Until ${pacific(code.validUntil)}`;
  return 'Always';
}

const uses = (code: SellerDiscountCode) =>
  code.maxUses === null ? `${code.uses}` : `${code.uses} / ${code.maxUses}`;

interface DiscountCodeListProps {
  codes: SellerDiscountCode[];
  workshops: SellerWorkshop[];
  onEdit: (code: SellerDiscountCode) => void;
  onToggle: (code: SellerDiscountCode) => void;
}

/**
 * Every code with its terms and uses: a table on a wide screen, a list of
 * cards on a phone (the same content, so nothing is lost at 375 px).
 */
export function DiscountCodeList({ codes, workshops, onEdit, onToggle }: DiscountCodeListProps) {
  const workshopName = (sku: string | null) =>
    sku === null ? 'Every workshop' : (workshops.find((each) => each.sku === sku)?.name ?? sku);
  const status = (code: SellerDiscountCode) => {
    const shown = availability[code.availability];
    return <Badge tone={shown.tone}>{shown.label}</Badge>;
  };
  const actions = (code: SellerDiscountCode) => (
    <div className="flex justify-end gap-2">
      <button
        type="button"
        className={smallButton.secondary}
        aria-label={`Edit ${code.code}`}
        onClick={() => onEdit(code)}
      >
        Edit
      </button>
      <button
        type="button"
        className={code.active ? smallButton.danger : smallButton.secondary}
        aria-label={`${code.active ? 'Disable' : 'Enable'} ${code.code}`}
        onClick={() => onToggle(code)}
      >
        {code.active ? 'Disable' : 'Enable'}
      </button>
    </div>
  );

  return (
    <>
      <table className="hidden w-full text-left text-sm lg:table">
        <caption className="sr-only">Discount codes</caption>
        <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-5 py-3 font-medium">
              Code
            </th>
            <th scope="col" className="px-3 py-3 text-right font-medium">
              Off
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Workshop
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Valid
            </th>
            <th scope="col" className="px-3 py-3 text-right font-medium">
              Uses
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="px-5 py-3 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {codes.map((code) => (
            <tr key={code.code} className="align-middle">
              <th scope="row" className="px-5 py-3 font-mono font-semibold text-navy-950">
                {code.code}
              </th>
              <td className="px-3 py-3 text-right tabular-nums">{code.percent}%</td>
              <td className="px-3 py-3 text-slate-700">{workshopName(code.workshopSku)}</td>
              <td className="px-3 py-3 text-slate-700">{validity(code)}</td>
              <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">{uses(code)}</td>
              <td className="px-3 py-3">{status(code)}</td>
              <td className="px-5 py-3">{actions(code)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="divide-y divide-slate-100 lg:hidden">
        {codes.map((code) => (
          <li key={code.code} className="flex flex-col gap-3 px-4 py-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-mono text-base font-semibold break-all text-navy-950">
                  {code.code}
                </p>
                <p className="text-sm text-slate-700">
                  {code.percent}% off · {workshopName(code.workshopSku)}
                </p>
              </div>
              {status(code)}
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-500">Valid</dt>
              <dd className="text-slate-700">{validity(code)}</dd>
              <dt className="text-slate-500">Uses</dt>
              <dd className="text-slate-700 tabular-nums">
                {uses(code)}
                {code.maxUses === null && ' (no limit)'}
              </dd>
            </dl>
            <div className="flex">{actions(code)}</div>
          </li>
        ))}
      </ul>
    </>
  );
}
