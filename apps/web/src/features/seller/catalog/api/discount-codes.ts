/** The discount codes with their uses, and creating, editing, enabling or disabling one. */
import {
  sellerCatalogPath,
  sellerCatalogRoutes,
  sellerDiscountCodeListSchema,
  sellerDiscountCodeSchema,
  type SellerDiscountCodeCreateRequest,
  type SellerDiscountCodeUpdateRequest,
} from '@wifi7/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sellerKeys } from '../../query-keys';
import { sellerGet, sellerPost, sellerPut } from '../../shell/seller-api';

export const discountCodesQuery = () =>
  queryOptions({
    queryKey: sellerKeys.discountCodes,
    queryFn: () => sellerGet(sellerCatalogRoutes.discountCodes, sellerDiscountCodeListSchema),
  });

export const useDiscountCodes = () => useQuery(discountCodesQuery());

export type DiscountCodeSave =
  | { code: string; update: SellerDiscountCodeUpdateRequest }
  | { create: SellerDiscountCodeCreateRequest }
  | { code: string; active: boolean };

export function useSaveDiscountCode() {
  const queryClient = useQueryClient();
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
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sellerKeys.discountCodes }),
  });
}
