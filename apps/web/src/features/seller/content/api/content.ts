/**
 * The page content as the seller edits it: every section read at once,
 * one section saved whole from the version being edited, and one section
 * replaced by the version saved now (after someone saved it elsewhere).
 */
import {
  savedSectionSchemas,
  sellerContentApiRoutes,
  sellerContentResponseSchema,
  type ContentSection,
  type SavedSection,
  type SellerContentResponse,
  type WorkshopContent,
} from '@wifi7/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ResponseSchema } from '../../../../lib/api-client';
import { sellerKeys } from '../../query-keys';
import { sellerGet, sellerPut } from '../../shell/seller-api';

const fetchSellerContent = () =>
  sellerGet(sellerContentApiRoutes.content, sellerContentResponseSchema);

/**
 * Read once: each section's form starts again whenever its saved version
 * changes, so the content changes only by a save here or the seller's "Load
 * the latest version", never under a form by a background refresh.
 */
export const sellerContentQuery = () =>
  queryOptions({
    queryKey: sellerKeys.content,
    queryFn: fetchSellerContent,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useSellerContent = () => useQuery(sellerContentQuery());

/** Puts one section, as saved, into the content the page shows. */
function useReplaceSection() {
  const queryClient = useQueryClient();
  return useCallback(
    <S extends ContentSection>(section: S, saved: SavedSection<S>) =>
      queryClient.setQueryData(sellerContentQuery().queryKey, (current) =>
        current ? ({ ...current, [section]: saved } as SellerContentResponse) : current,
      ),
    [queryClient],
  );
}

export function useSaveSection<S extends ContentSection>(section: S) {
  const replaceSection = useReplaceSection();
  return useMutation({
    mutationFn: ({ version, value }: { version: string; value: WorkshopContent[S] }) => {
      // Each section's schema parses to that section's shape; TypeScript cannot follow `S` through the table.
      const schema = savedSectionSchemas[section] as unknown as ResponseSchema<SavedSection<S>>;
      return sellerPut(sellerContentApiRoutes[section], { version, value }, schema);
    },
    onSuccess: (saved) => replaceSection(section, saved),
  });
}

/** Replaces one section by the version saved now; the others keep what their forms started from. */
export function useLoadLatestSection() {
  const queryClient = useQueryClient();
  const replaceSection = useReplaceSection();
  return useCallback(
    async <S extends ContentSection>(section: S) => {
      const latest = await queryClient.fetchQuery({
        queryKey: [...sellerKeys.content, 'latest'],
        queryFn: fetchSellerContent,
        staleTime: 0,
      });
      replaceSection(section, latest[section] as SavedSection<S>);
    },
    [queryClient, replaceSection],
  );
}
