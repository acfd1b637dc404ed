import { useNavigate } from 'react-router';
import { buttonStyles } from '../../../components/button-styles';
import { paths } from '../../../config/paths';
import { useAuth } from '../../auth';

/**
 * The workshop page's main button (spec section 4, "Buying"). Signed out it
 * leads to /login. Signed in it leads to checkout; choosing a batch and
 * filling the cart before that arrives with the batch selection.
 */
export function EnrollButton() {
  const { loading, user } = useAuth();
  const navigate = useNavigate();
  const className = `${buttonStyles.primary} min-w-48 px-7 py-3.5 text-lg`;

  if (loading) {
    // Same footprint as the button, so nothing moves when the session is known.
    return (
      <span className={`${className} pointer-events-none animate-pulse bg-sky-400/40`}>
        <span className="sr-only">Checking your sign-in…</span>
        <span aria-hidden="true" className="invisible">
          Proceed to Buy
        </span>
      </span>
    );
  }

  return user ? (
    <button type="button" className={className} onClick={() => void navigate(paths.checkout)}>
      Proceed to Buy
    </button>
  ) : (
    <button type="button" className={className} onClick={() => void navigate(paths.login)}>
      Login to Enroll
    </button>
  );
}
