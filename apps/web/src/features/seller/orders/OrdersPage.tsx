import { SellerPage } from '../shell/SellerPage';

/** Under construction: the page is built on the API of its section. */
export default function OrdersPage() {
  return (
    <SellerPage title="Orders" description="Every order, newest first.">
      <p className="text-slate-600">This section is not ready yet.</p>
    </SellerPage>
  );
}
