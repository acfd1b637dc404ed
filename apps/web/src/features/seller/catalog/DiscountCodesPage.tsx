import type { SellerDiscountCode, SellerWorkshopPrices } from '@wifi7/contract';
import { useState } from 'react';
import { SellerPage } from '../shell/SellerPage';
import { ConfirmDialog } from '../ui/FormDialog';
import { Badge, Panel, QueryStatus } from '../ui/Panel';
import { sellerButton } from '../ui/styles';
import { dialogMutation } from '../ui/mutation-state';
import { useDiscountCodes, useSaveDiscountCode } from './api/discount-codes';
import { usePrices } from './api/prices';
import { DiscountCodeDialog } from './components/DiscountCodeDialog';
import { DiscountCodeList } from './components/DiscountCodeList';
import { HoldDialog } from './components/HoldDialog';
import { PriceDialog } from './components/PriceDialog';
import { formatPrice } from './discount-form';

type EditingCode = { kind: 'new' } | { kind: 'edit'; code: SellerDiscountCode } | null;

/**
 * Prices and discount codes (/seller/discount-codes): each workshop's price
 * in dollars and rupees, and the codes buyers can apply at checkout, with
 * their terms and uses. Changes apply to the next price a buyer asks for.
 */
export default function DiscountCodesPage() {
  const prices = usePrices();
  const codes = useDiscountCodes();
  const [editingPrices, setEditingPrices] = useState<SellerWorkshopPrices | null>(null);
  const [editingHold, setEditingHold] = useState<SellerWorkshopPrices | null>(null);
  const [editingCode, setEditingCode] = useState<EditingCode>(null);
  const [toggling, setToggling] = useState<SellerDiscountCode | null>(null);

  return (
    <SellerPage
      title="Prices and discount codes"
      description="What buyers pay, and the codes they can apply at checkout. Changes apply at once."
    >
      <Panel
        title="Prices"
        description="Dollars for buyers outside India, rupees for buyers in India."
        padded={false}
      >
        <QueryStatus query={prices} loading="Loading prices…" title={null} inset />
        {prices.isSuccess && (
          <ul className="divide-y divide-slate-100">
            {prices.data.workshops.map((workshop) => (
              <li
                key={workshop.sku}
                className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-navy-950">
                    {workshop.name}
                    {!workshop.active && <Badge tone="slate">Not on sale</Badge>}
                  </p>
                  <p className="font-mono text-xs text-slate-500">{workshop.sku}</p>
                </div>
                <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
                  <dl className="flex gap-6 text-sm">
                    {[
                      ['USD', formatPrice(workshop.prices.USD, 'USD')],
                      ['INR', formatPrice(workshop.prices.INR, 'INR')],
                      ['Unpaid hold', `${workshop.holdHours} h`],
                    ].map(([term, value]) => (
                      <div key={term}>
                        <dt className="text-xs text-slate-500">{term}</dt>
                        <dd className="font-semibold text-navy-950 tabular-nums">{value}</dd>
                      </div>
                    ))}
                  </dl>
                  <button
                    type="button"
                    className={sellerButton.secondary}
                    aria-label={`Edit the unpaid hold of ${workshop.name}`}
                    onClick={() => setEditingHold(workshop)}
                  >
                    Edit hold
                  </button>
                  <button
                    type="button"
                    className={sellerButton.secondary}
                    aria-label={`Edit prices of ${workshop.name}`}
                    onClick={() => setEditingPrices(workshop)}
                  >
                    Edit prices
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel
        title="Discount codes"
        description="Uses count orders holding or having used a code; an unpaid order gives its use back when it expires."
        padded={false}
        actions={
          codes.isSuccess && (
            <button
              type="button"
              className={sellerButton.primary}
              onClick={() => setEditingCode({ kind: 'new' })}
            >
              New code
            </button>
          )
        }
      >
        <QueryStatus query={codes} loading="Loading discount codes…" title={null} inset />
        {codes.isSuccess &&
          (codes.data.codes.length === 0 ? (
            <p className="px-5 py-6 text-sm text-slate-600">
              No discount codes yet. Create one with “New code”.
            </p>
          ) : (
            <DiscountCodeList
              codes={codes.data.codes}
              workshops={codes.data.workshops}
              onEdit={(code) => setEditingCode({ kind: 'edit', code })}
              onToggle={setToggling}
            />
          ))}
      </Panel>

      {editingPrices && (
        <PriceDialog workshop={editingPrices} onClose={() => setEditingPrices(null)} />
      )}
      {editingHold && <HoldDialog workshop={editingHold} onClose={() => setEditingHold(null)} />}
      {editingCode && codes.isSuccess && (
        <DiscountCodeDialog
          code={editingCode.kind === 'edit' ? editingCode.code : undefined}
          workshops={codes.data.workshops}
          onClose={() => setEditingCode(null)}
        />
      )}
      {toggling && <ToggleCodeDialog code={toggling} onClose={() => setToggling(null)} />}
    </SellerPage>
  );
}

function ToggleCodeDialog({ code, onClose }: { code: SellerDiscountCode; onClose: () => void }) {
  const { send, ...state } = dialogMutation(useSaveDiscountCode(), onClose);
  return (
    <ConfirmDialog
      title={code.active ? `Disable ${code.code}?` : `Enable ${code.code}?`}
      confirmLabel={code.active ? 'Disable code' : 'Enable code'}
      tone={code.active ? 'danger' : 'default'}
      {...state}
      onClose={onClose}
      onConfirm={() =>
        send(
          { code: code.code, active: !code.active },
          (changed) => `${changed.code} is ${changed.active ? 'enabled' : 'disabled'}.`,
        )
      }
    >
      <p>
        {code.active
          ? 'Buyers can no longer apply it. Orders that already used it keep their price.'
          : 'Buyers can apply it again, within its dates and uses.'}
      </p>
    </ConfirmDialog>
  );
}
