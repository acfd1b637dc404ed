import { SellerPage } from '../shell/SellerPage';

/** Under construction: the page is built on the API of its section. */
export default function AttentionPage() {
  return (
    <SellerPage
      title="Needs attention"
      description="What needs a person, with the action that resolves it."
    >
      <p className="text-slate-600">This section is not ready yet.</p>
    </SellerPage>
  );
}
