import { useCallback } from 'react';
import { useNavigate } from '../../../lib/router-seam';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toasts';

/**
 * Logout with its three toasts (spec section 8); lands on the workshop page.
 * The sign-in module downloads at the click, not with the first page.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const id = toast.loading('Logging out...');
    try {
      const { signOutUser } = await import('../api/email-link');
      await signOutUser();
    } catch {
      toast.error('Logout failed. Please try again.', { id });
      return;
    }
    toast.success('Logged out successfully', { id });
    await navigate(paths.workshop);
  }, [navigate]);
}
