import { SellerPage } from '../shell/SellerPage';

/** Under construction: the page is built on the API of its section. */
export default function BatchesPage() {
  return (
    <SellerPage title="Batches" description="Dates, sessions and seats of every batch.">
      <p className="text-slate-600">This section is not ready yet.</p>
    </SellerPage>
  );
}
