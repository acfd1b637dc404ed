/** The discount codes with their uses, and creating, editing, enabling or disabling one. */
import {
  sellerCatalogPath,
  sellerCatalogRoutes,
  sellerDiscountCodeListSchema,
  sellerDiscountCodeSchema,
  type SellerDiscountCodeCreateRequest,
  type SellerDiscountCodeUpdateRequest,
} from '@wifi7/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { sellerKeys, useRefresh } from '../../query-keys';
import { sellerGet, sellerPost, sellerPut } from '../../shell/seller-api';

export const useDiscountCodes = () =>
  useQuery({
    queryKey: sellerKeys.discountCodes,
    queryFn: () => sellerGet(sellerCatalogRoutes.discountCodes, sellerDiscountCodeListSchema),
  });

export type DiscountCodeSave =
  | { code: string; update: SellerDiscountCodeUpdateRequest }
  | { create: SellerDiscountCodeCreateRequest }
  | { code: string; active: boolean };

export function useSaveDiscountCode() {
  return useMutation({
    mutationFn: (save: DiscountCodeSave) => {
      if ('create' in save) {
        return sellerPost(sellerCatalogRoutes.discountCodes, save.create, sellerDiscountCodeSchema);
      }
      if ('update' in save) {
        return sellerPut(
          sellerCatalogPath(sellerCatalogRoutes.discountCode, save.code),
          save.update,
          sellerDiscountCodeSchema,
        );
      }
      return sellerPut(
        sellerCatalogPath(sellerCatalogRoutes.discountCodeState, save.code),
        { state: save.active ? 'active' : 'disabled' },
        sellerDiscountCodeSchema,
      );
    },
    onSuccess: useRefresh(sellerKeys.discountCodes),
  });
}
