import {
  type DiscountAvailability,
  type SellerDiscountCode,
  type SellerWorkshop,
} from '@wifi7/contract';
import { DataTable, type Column } from '../../ui/DataTable';
import { Badge, type BadgeTone } from '../../ui/Panel';
import { sellerButton } from '../../ui/styles';
import { validityLines } from '../code-validity';

const availability: Record<DiscountAvailability, { label: string; tone: BadgeTone }> = {
  usable: { label: 'Active', tone: 'green' },
  disabled: { label: 'Disabled', tone: 'slate' },
  'not-yet-valid': { label: 'Not yet valid', tone: 'sky' },
  expired: { label: 'Expired', tone: 'amber' },
  'used-up': { label: 'Used up', tone: 'amber' },
};

/** When the code works, a line for its start and one for its end. */
function validity(code: SellerDiscountCode) {
  return (
    <span className="flex flex-col">
      {validityLines(code).map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
  );
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
        className={sellerButton.secondary}
        aria-label={`Edit ${code.code}`}
        onClick={() => onEdit(code)}
      >
        Edit
      </button>
      <button
        type="button"
        className={code.active ? sellerButton.dangerOutline : sellerButton.secondary}
        aria-label={`${code.active ? 'Disable' : 'Enable'} ${code.code}`}
        onClick={() => onToggle(code)}
      >
        {code.active ? 'Disable' : 'Enable'}
      </button>
    </div>
  );
  const columns: Column<SellerDiscountCode>[] = [
    {
      header: 'Code',
      rowHeader: true,
      hideInCard: true,
      className: 'font-mono font-semibold text-navy-950',
      cell: (code) => code.code,
    },
    { header: 'Off', numeric: true, hideInCard: true, cell: (code) => `${code.percent}%` },
    {
      header: 'Workshop',
      hideInCard: true,
      className: 'text-slate-700',
      cell: (code) => workshopName(code.workshopSku),
    },
    { header: 'Valid', className: 'text-slate-700', cell: validity },
    {
      header: 'Uses',
      numeric: true,
      hideInCard: true,
      className: 'whitespace-nowrap tabular-nums',
      cell: uses,
    },
    {
      header: 'Uses',
      key: 'uses-with-limit',
      hideInTable: true,
      cell: (code) => `${uses(code)}${code.maxUses === null ? ' (no limit)' : ''}`,
    },
    { header: 'Status', hideInCard: true, cell: status },
    { header: 'Actions', headerHidden: true, hideInCard: true, cell: actions },
  ];

  return (
    <DataTable
      caption="Discount codes"
      rows={codes}
      rowKey={(code) => code.code}
      columns={columns}
      wideFrom="lg"
      alignMiddle
      cardTitle={(code) => (
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="font-mono text-base font-semibold break-all text-navy-950">{code.code}</p>
            <p className="text-sm text-slate-700">
              {code.percent}% off · {workshopName(code.workshopSku)}
            </p>
          </div>
          {status(code)}
        </div>
      )}
      cardActions={(code) => <div className="flex pt-1">{actions(code)}</div>}
    />
  );
}
