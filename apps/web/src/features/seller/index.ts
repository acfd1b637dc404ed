/**
 * The back office's public surface: one component, loaded on demand. Nothing
 * here may import the seller pages statically, or they join the entry chunk.
 */
import { lazy } from 'react';

export const SellerApp = lazy(() => import('./SellerApp'));
