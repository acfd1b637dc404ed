/** Each workshop's prices and unpaid hold, and changing them. */
import {
  sellerCatalogPath,
  sellerCatalogRoutes,
  sellerPriceListSchema,
  sellerWorkshopPricesSchema,
  type SellerHoldRequest,
  type SellerPricesRequest,
} from '@wifi7/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { sellerKeys, useRefresh } from '../../query-keys';
import { sellerGet, sellerPut } from '../../shell/seller-api';

export const usePrices = () =>
  useQuery({
    queryKey: sellerKeys.prices,
    queryFn: () => sellerGet(sellerCatalogRoutes.prices, sellerPriceListSchema),
  });

export type WorkshopChange =
  { sku: string; prices: SellerPricesRequest } | { sku: string; hold: SellerHoldRequest };

/** Sets a workshop's prices or its unpaid hold; the prices list is read again. */
export function useChangeWorkshop() {
  return useMutation({
    mutationFn: (change: WorkshopChange) =>
      'prices' in change
        ? sellerPut(
            sellerCatalogPath(sellerCatalogRoutes.workshopPrices, change.sku),
            change.prices,
            sellerWorkshopPricesSchema,
          )
        : sellerPut(
            sellerCatalogPath(sellerCatalogRoutes.workshopHold, change.sku),
            change.hold,
            sellerWorkshopPricesSchema,
          ),
    onSuccess: useRefresh(sellerKeys.prices),
  });
}
