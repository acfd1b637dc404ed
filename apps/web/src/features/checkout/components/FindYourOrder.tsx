import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { checkoutTexts } from '../texts';

/**
 * Where a buyer whose payment did not go through finds their order: "My
 * orders" shows it with until when its seat is held (and, for a Zoho link,
 * its Pay Now link). `onFollow` runs as the link is followed.
 */
export function FindYourOrder({ onFollow }: { onFollow?: () => void }) {
  return (
    <>
      {checkoutTexts.declined.findOrder}{' '}
      <Link
        to={paths.myOrders}
        onClick={onFollow}
        className="rounded font-semibold text-sky-800 underline underline-offset-4 hover:text-sky-950"
      >
        {checkoutTexts.declined.myOrders}
      </Link>
      .
    </>
  );
}
