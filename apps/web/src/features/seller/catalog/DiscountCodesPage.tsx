import { SellerPage } from '../shell/SellerPage';

/** Under construction: the page is built on the API of its section. */
export default function DiscountCodesPage() {
  return (
    <SellerPage title="Discount codes" description="Codes buyers can apply at checkout.">
      <p className="text-slate-600">This section is not ready yet.</p>
    </SellerPage>
  );
}
