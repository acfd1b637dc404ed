/**
 * /checkout/zoho-payment-status — where Zoho sends the buyer back after
 * paying (spec section 2, "Payment status page", and section 4, "Payment
 * status"). The server asks Zoho about the buyer's latest order. Paid: go to
 * the workshop page after 2 s. Not paid (yet): say so and go there after 3 s.
 * The check itself failing: stay, and offer to try again.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { buttonStyles } from '../../../components/button-styles';
import { paths } from '../../../config/paths';
import { remoteLog } from '../../../lib/remote-log';
import { toast } from '../../../lib/toasts';
import { checkZohoPaymentStatus } from '../api/zoho';
import { Notice } from '../components/Field';
import { StatusBadge } from '../components/icons';
import { Card, Loading, PageFrame } from '../components/PageFrame';
import { useOnce } from '../hooks/use-once';
import { errorName } from '../../../lib/error-name';
import { checkoutTexts, REDIRECT_AFTER_FAILURE_MS, REDIRECT_AFTER_SUCCESS_MS } from '../texts';

type Check = 'checking' | 'paid' | 'not-paid' | 'error';

const texts = checkoutTexts.paymentStatus;

export function ZohoPaymentStatusPage() {
  const navigate = useNavigate();
  const [check, setCheck] = useState<Check>('checking');
  const alive = useRef<() => boolean>(() => false);
  const errorHeadingRef = useRef<HTMLHeadingElement>(null);

  const verify = async () => {
    let next: Check;
    try {
      const { status } = await checkZohoPaymentStatus();
      next = status === 'success' ? 'paid' : 'not-paid';
    } catch (error) {
      void remoteLog.warning(`checkout: payment status check failed (${errorName(error)})`);
      toast.error(texts.errorToast);
      next = 'error';
    }
    if (alive.current()) setCheck(next);
  };

  useOnce((isAlive) => {
    alive.current = isAlive;
    void verify();
  });

  // The redirect of each outcome; leaving the page early cancels it.
  useEffect(() => {
    if (check !== 'paid' && check !== 'not-paid') return;
    const delay = check === 'paid' ? REDIRECT_AFTER_SUCCESS_MS : REDIRECT_AFTER_FAILURE_MS;
    const timer = setTimeout(() => void navigate(paths.workshop), delay);
    return () => clearTimeout(timer);
  }, [check, navigate]);

  useEffect(() => {
    if (check === 'error') errorHeadingRef.current?.focus();
  }, [check]);

  const retry = () => {
    setCheck('checking');
    void verify();
  };

  return (
    <PageFrame title="Payment status">
      <Card>
        {check === 'checking' && <Loading label={texts.verifying} />}

        {check === 'paid' && (
          <Outcome
            tone="success"
            message={texts.success}
            detail="You’ll find the workshop under My Courses on the courses portal."
          />
        )}

        {check === 'not-paid' && (
          <Outcome
            tone="warning"
            message={texts.notVerified}
            detail="Taking you back to the workshop page…"
          />
        )}

        {check === 'error' && (
          <div className="flex flex-col gap-5">
            <h2
              ref={errorHeadingRef}
              tabIndex={-1}
              className="text-xl font-semibold text-navy-950 outline-none"
            >
              {texts.errorTitle}
            </h2>
            <Notice tone="error" role="alert">
              {texts.errorMessage}
            </Notice>
            <div className="flex flex-col gap-3 sm:flex-row">
              <button type="button" onClick={retry} className={buttonStyles.solid}>
                {texts.tryAgain}
              </button>
              <button
                type="button"
                onClick={() => void navigate(paths.workshop)}
                className={buttonStyles.secondary}
              >
                {texts.goToWorkshop}
              </button>
            </div>
          </div>
        )}
      </Card>
    </PageFrame>
  );
}

function Outcome({
  tone,
  message,
  detail,
}: {
  tone: 'success' | 'warning';
  message: string;
  detail: string;
}) {
  return (
    <div
      role="status"
      className="flex min-h-40 flex-col items-center justify-center gap-4 text-center"
    >
      <StatusBadge tone={tone} />
      <p className="text-lg font-medium text-navy-950">{message}</p>
      <p className="text-sm text-slate-600">{detail}</p>
    </div>
  );
}
