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
import { Card, Loading, PageFrame } from '../components/PageFrame';
import { useOnce } from '../hooks/use-once';
import { errorName } from '../hooks/use-offered-workshop';
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
      <span
        aria-hidden="true"
        className={`flex size-12 items-center justify-center rounded-full ${
          tone === 'success' ? 'bg-emerald-100 text-emerald-700' : 'bg-amber-100 text-amber-700'
        }`}
      >
        {tone === 'success' ? (
          <svg className="size-6" viewBox="0 0 20 20" fill="currentColor">
            <path
              fillRule="evenodd"
              d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
              clipRule="evenodd"
            />
          </svg>
        ) : (
          <svg className="size-6" viewBox="0 0 20 20" fill="currentColor">
            <path
              fillRule="evenodd"
              d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm.75-12a.75.75 0 0 0-1.5 0v4.5a.75.75 0 0 0 1.5 0V6ZM10 15a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
              clipRule="evenodd"
            />
          </svg>
        )}
      </span>
      <p className="text-lg font-medium text-navy-950">{message}</p>
      <p className="text-sm text-slate-600">{detail}</p>
    </div>
  );
}
