import { useEffect } from 'react';
import { useLocation, useNavigate } from '../../../lib/router-seam';
import { paths } from '../../../config/paths';
import { useAuth } from '../../auth';
import { takeOfferReturn } from '../lib/offer-return';

/**
 * Brings a visitor who opened an offer link while signed out back to it:
 * the sign-in link lands on the workshop page, and once the sign-in is
 * complete (the link's own query gone) this goes on to the offer page.
 */
export function ReturnToOffer() {
  const { loading, user } = useAuth();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const onWorkshop = pathname === paths.workshop && search === '';

  useEffect(() => {
    if (loading || !user || !onWorkshop) return;
    const back = takeOfferReturn();
    if (back) void navigate(back, { replace: true });
  }, [loading, user, onWorkshop, navigate]);

  return null;
}
