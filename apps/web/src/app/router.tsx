/**
 * The route table (spec section 2). The workshop and login pages ship in the
 * entry chunk so they paint at once; checkout pages and the back office
 * (/seller, for sellers only) load on demand.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { LoginPage } from '../features/auth';
import {
  CheckoutPage,
  ZohoContactPage,
  ZohoPaymentPage,
  ZohoPaymentStatusPage,
} from '../features/checkout';
import { MyOrdersPage } from '../features/my-orders';
import { SeatInvitePage } from '../features/seat-invite';
import { SellerApp } from '../features/seller';
import { WaitlistOfferPage } from '../features/waitlist';
import { WorkshopPage } from '../features/workshop';
import { RootLayout, RouterRouteError } from './layout/RootLayout';
import { ExactPaths } from './ExactPaths';
import { RequireAuth } from './RequireAuth';

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Errors render inside the layout, so the top bar and menu stay usable.
        errorElement: <RouterRouteError />,
        element: <ExactPaths />,
        children: [
          { path: paths.login, caseSensitive: true, element: <LoginPage /> },
          { path: paths.workshop, caseSensitive: true, element: <WorkshopPage /> },
          // Each sends a signed-out visitor through sign-in and back itself (it remembers the link).
          { path: paths.waitlistOffer, caseSensitive: true, element: <WaitlistOfferPage /> },
          { path: paths.seatInvite, caseSensitive: true, element: <SeatInvitePage /> },
          {
            // Every checkout step needs a signed-in user (spec section 4, "Checkout guards").
            element: <RequireAuth />,
            children: [
              { path: paths.checkout, caseSensitive: true, element: <CheckoutPage /> },
              { path: paths.zohoContact, caseSensitive: true, element: <ZohoContactPage /> },
              { path: paths.zoho, caseSensitive: true, element: <ZohoPaymentPage /> },
              {
                path: paths.zohoPaymentStatus,
                caseSensitive: true,
                element: <ZohoPaymentStatusPage />,
              },
              // Beyond the spec: the buyer's own orders.
              { path: paths.myOrders, caseSensitive: true, element: <MyOrdersPage /> },
              // The back office: its own chunk, its own nested routes.
              { path: `${paths.seller}/*`, caseSensitive: true, element: <SellerApp /> },
            ],
          },
          { path: '*', element: <Navigate to={paths.workshop} replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
