/**
 * /my-orders (beyond the spec): every order of the signed-in address,
 * newest first, each with what the buyer may do with it now.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/button-styles';
import { paths } from '../../../config/paths';
import { failureText } from '../../../lib/failure-text';
import { useAuth } from '../../auth';
import { Card, Loading, PageFrame } from '../../checkout';
import { myOrdersQuery } from '../api/my-orders';
import { OrderCard } from '../components/OrderCard';
import { myOrdersTexts as texts } from '../texts';

export function MyOrdersPage() {
  const { user } = useAuth();
  const orders = useQuery(myOrdersQuery(user?.uid ?? null));

  return (
    <PageFrame title={texts.title} lead={texts.lead}>
      {orders.isPending ? (
        <Card>
          <Loading label={texts.loading} />
        </Card>
      ) : orders.isError ? (
        <Card className="flex flex-col items-start gap-4">
          <p role="alert" className="text-slate-800">
            {failureText(orders.error)}
          </p>
          <button
            type="button"
            className={buttonStyles.solid}
            onClick={() => void orders.refetch()}
          >
            {texts.tryAgain}
          </button>
        </Card>
      ) : orders.data.length === 0 ? (
        <Card className="flex flex-col items-start gap-4">
          <p className="text-slate-800">{texts.none}</p>
          <Link to={paths.workshop} className={buttonStyles.solid}>
            {texts.toWorkshop}
          </Link>
        </Card>
      ) : (
        orders.data.map((order) => <OrderCard key={order.orderId} order={order} />)
      )}
    </PageFrame>
  );
}
