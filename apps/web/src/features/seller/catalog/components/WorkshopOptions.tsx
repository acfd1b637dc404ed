import type { SellerWorkshop } from '@wifi7/contract';

/** The workshops as a select's options, by name. */
export function WorkshopOptions({ workshops }: { workshops: SellerWorkshop[] }) {
  return workshops.map((workshop) => (
    <option key={workshop.sku} value={workshop.sku}>
      {workshop.name}
    </option>
  ));
}
