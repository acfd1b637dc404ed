import { SellerPage } from '../shell/SellerPage';

/** Under construction: the page is built on the API of its section. */
export default function ContentPage() {
  return (
    <SellerPage title="Page content" description="What the workshop page shows.">
      <p className="text-slate-600">This section is not ready yet.</p>
    </SellerPage>
  );
}
