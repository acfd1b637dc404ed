import { SellerPage } from '../shell/SellerPage';

/** Under construction: the page is built on the API of its section. */
export default function OrderDetailPage() {
  return (
    <SellerPage title="Order" description="The order's whole timeline.">
      <p className="text-slate-600">This section is not ready yet.</p>
    </SellerPage>
  );
}
