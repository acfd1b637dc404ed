import { useCallback } from 'react';
import { useNavigate } from '../../../lib/router-seam';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toasts';
import { signOutUser } from '../api/email-link';

/** Logout with its three toasts (spec section 8); lands on the workshop page. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const id = toast.loading('Logging out...');
    try {
      await signOutUser();
    } catch {
      toast.error('Logout failed. Please try again.', { id });
      return;
    }
    toast.success('Logged out successfully', { id });
    await navigate(paths.workshop);
  }, [navigate]);
}
