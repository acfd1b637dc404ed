/** The audit log, one page of it at a time, filtered by the record acted on. */
import { auditPageSchema, sellerApiRoutes } from '@wifi7/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sellerKeys, type AuditQuery } from '../../query-keys';
import { sellerGet } from '../../shell/seller-api';

/** While another page or filter loads, the last page stays on screen. */
export const useAudit = (query: AuditQuery) =>
  useQuery({
    queryKey: sellerKeys.audit(query),
    queryFn: () => sellerGet(sellerApiRoutes.audit, auditPageSchema, { ...query }),
    placeholderData: keepPreviousData,
  });
