/** The sender domain's SPF, DKIM and DMARC records, looked up afresh by the server. */
import { senderDomainCheckSchema, sellerMailRoutes } from '@wifi7/contract';
import { useQuery } from '@tanstack/react-query';
import { sellerKeys } from '../../query-keys';
import { sellerGet } from '../../shell/seller-api';

/** DNS answers change when the seller edits records elsewhere: read again on each visit. */
export const useSenderDomain = () =>
  useQuery({
    queryKey: sellerKeys.senderDomain,
    queryFn: () => sellerGet(sellerMailRoutes.senderDomain, senderDomainCheckSchema),
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
