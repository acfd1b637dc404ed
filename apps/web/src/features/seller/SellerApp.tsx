/**
 * The back office (/seller/*): one chunk, loaded only when a seller opens
 * it, so the buyers' pages carry none of its code. Each section is a page of
 * its own folder; the server checks the seller role on every call.
 */
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths } from '../../config/paths';
import '../../lib/zod-english';
import { AttentionListProvider } from './attention/AttentionListProvider';
import { RequireSeller } from './shell/RequireSeller';
import { SellerLayout } from './shell/SellerLayout';

const OrdersPage = lazy(() => import('./orders/OrdersPage'));
const OrderDetailPage = lazy(() => import('./orders/OrderDetailPage'));
const AttentionPage = lazy(() => import('./attention/AttentionPage'));
const BatchesPage = lazy(() => import('./catalog/BatchesPage'));
const DiscountCodesPage = lazy(() => import('./catalog/DiscountCodesPage'));
const BuyerPolicyPage = lazy(() => import('./policy/BuyerPolicyPage'));
const GroupSalesPage = lazy(() => import('./group-sales/GroupSalesPage'));
const ContentPage = lazy(() => import('./content/ContentPage'));
const AuditPage = lazy(() => import('./audit/AuditPage'));
const MailPage = lazy(() => import('./mail/MailPage'));
const WaitlistPage = lazy(() => import('./waitlist/WaitlistPage'));
const WaitlistBatchPage = lazy(() => import('./waitlist/WaitlistBatchPage'));

/** Paths below /seller, as the nested routes see them. */
const below = (path: string) => path.slice(paths.seller.length + 1);

export default function SellerApp() {
  return (
    <RequireSeller>
      <AttentionListProvider>
        <SellerLayout>
          <Routes>
            <Route index element={<Navigate to={paths.sellerOrders} replace />} />
            <Route path={below(paths.sellerOrders)} element={<OrdersPage />} />
            <Route path={`${below(paths.sellerOrders)}/:orderId`} element={<OrderDetailPage />} />
            <Route path={below(paths.sellerAttention)} element={<AttentionPage />} />
            <Route path={below(paths.sellerBatches)} element={<BatchesPage />} />
            <Route path={below(paths.sellerDiscountCodes)} element={<DiscountCodesPage />} />
            <Route path={below(paths.sellerBuyerPolicy)} element={<BuyerPolicyPage />} />
            <Route path={below(paths.sellerGroupSales)} element={<GroupSalesPage />} />
            <Route path={below(paths.sellerContent)} element={<ContentPage />} />
            <Route path={below(paths.sellerWaitlist)} element={<WaitlistPage />} />
            <Route
              path={`${below(paths.sellerWaitlist)}/:batchId`}
              element={<WaitlistBatchPage />}
            />
            <Route path={below(paths.sellerEmail)} element={<MailPage />} />
            <Route path={below(paths.sellerAudit)} element={<AuditPage />} />
            <Route path="*" element={<Navigate to={paths.sellerOrders} replace />} />
          </Routes>
        </SellerLayout>
      </AttentionListProvider>
    </RequireSeller>
  );
}
