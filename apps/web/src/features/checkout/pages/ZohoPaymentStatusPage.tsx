/**
 * /checkout/zoho-payment-status — where Zoho sends the buyer back after
 * paying (spec section 2, "Payment status page", and section 4, "Payment
 * status"). The server asks Zoho about the buyer's latest order. Paid: go to
 * the workshop page after 2 s. Not paid (yet): say so and go there after 3 s.
 * The check itself failing: stay, and offer to try again.
 *
 * Not paid (a declined card, say) is not a dead end: the page says how to
 * pay with the link Zoho e-mailed, until when it works and the seat is held,
 * where the order is (My orders), and where to write;
 * "Stay on this page" stops the redirect for anyone who needs more time.
 */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ZohoPaymentStatusResponse } from '@wifi7/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { buttonStyles } from '../../../components/button-styles';
import { paths } from '../../../config/paths';
import { remoteLog } from '../../../lib/remote-log';
import { toast } from '../../../lib/toasts';
import { site } from '../../../content/site';
import { zohoPaymentStatusQuery } from '../api/zoho';
import { FindYourOrder } from '../components/FindYourOrder';
import { Notice } from '../components/Notice';
import { StatusBadge } from '../components/icons';
import { Card, Loading, PageFrame } from '../components/PageFrame';
import { errorName } from '../../../lib/error-name';
import { checkoutTexts, REDIRECT_AFTER_FAILURE_MS, REDIRECT_AFTER_SUCCESS_MS } from '../texts';

type Check = 'checking' | 'paid' | 'not-paid' | 'error';

const texts = checkoutTexts.paymentStatus;

function reportFailedCheck(error: unknown) {
  void remoteLog.warning(`checkout: payment status check failed (${errorName(error)})`);
  toast.error(texts.errorToast);
}

const statusQuery = zohoPaymentStatusQuery(reportFailedCheck);

function checkOf(status: UseQueryResult<ZohoPaymentStatusResponse>): Check {
  if (status.isFetching) return 'checking';
  if (status.isError) return 'error';
  if (!status.data) return 'checking';
  return status.data.status === 'success' ? 'paid' : 'not-paid';
}

export function ZohoPaymentStatusPage() {
  const navigate = useNavigate();
  const status = useQuery(statusQuery);
  const check = checkOf(status);
  const [staying, setStaying] = useState(false);
  const errorHeadingRef = useRef<HTMLHeadingElement>(null);
  const toWorkshop = () => void navigate(paths.workshop);

  // The redirect of each outcome; leaving the page early cancels it.
  useEffect(() => {
    if (check !== 'paid' && check !== 'not-paid') return;
    if (check === 'not-paid' && staying) return;
    const delay = check === 'paid' ? REDIRECT_AFTER_SUCCESS_MS : REDIRECT_AFTER_FAILURE_MS;
    const timer = setTimeout(() => void navigate(paths.workshop), delay);
    return () => clearTimeout(timer);
  }, [check, staying, navigate]);

  useEffect(() => {
    if (check === 'error') errorHeadingRef.current?.focus();
  }, [check]);

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
          <div className="flex flex-col gap-6">
            <Outcome
              tone="warning"
              message={texts.notVerified}
              detail={staying ? undefined : texts.leaving}
            />
            <NextSteps open={status.data?.status === 'pending'} payBy={status.data?.payBy} />
            <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
              {!staying && (
                <button
                  type="button"
                  onClick={() => setStaying(true)}
                  className={buttonStyles.secondary}
                >
                  {texts.stay}
                </button>
              )}
              <button
                type="button"
                onClick={toWorkshop}
                className={staying ? buttonStyles.solid : buttonStyles.secondary}
              >
                {texts.goToWorkshop}
              </button>
            </div>
          </div>
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
              <button
                type="button"
                onClick={() => void status.refetch()}
                className={buttonStyles.solid}
              >
                {texts.tryAgain}
              </button>
              <button type="button" onClick={toWorkshop} className={buttonStyles.secondary}>
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
  detail?: string | undefined;
}) {
  return (
    <div
      role="status"
      className="flex min-h-40 flex-col items-center justify-center gap-4 text-center"
    >
      <StatusBadge tone={tone} />
      <p className="text-lg font-medium text-navy-950">{message}</p>
      {detail && <p className="text-sm text-slate-600">{detail}</p>}
    </div>
  );
}

/** India's buyers pay in India time. */
const payByFormat = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** What the server said about an unpaid order: still payable (until when), or closed. */
function NextSteps({ open, payBy: until }: { open: boolean; payBy?: string | undefined }) {
  const payBy = until ? `${payByFormat.format(new Date(until))} IST` : undefined;
  return (
    <section
      aria-labelledby="payment-next-steps"
      className="rounded-xl border border-slate-200 bg-slate-50/70 px-4 py-4 text-left text-sm text-slate-700 sm:px-5"
    >
      <h2 id="payment-next-steps" className="font-semibold text-navy-950">
        {texts.nextStepsTitle}
      </h2>
      <ul className="mt-2 flex list-disc flex-col gap-1.5 pl-5">
        <li>
          {open ? (
            <>
              {texts.payAgain}: {payBy ? texts.linkValidUntil(payBy) : texts.linkValidWhileOpen}.
            </>
          ) : (
            texts.orderClosed
          )}
        </li>
        <li>
          <FindYourOrder />
        </li>
        <li>
          {texts.contactUs}{' '}
          <a
            href={`mailto:${site.contactEmail}`}
            className="rounded font-semibold [overflow-wrap:anywhere] text-navy-900 underline underline-offset-4"
          >
            {site.contactEmail}
          </a>
          .
        </li>
      </ul>
    </section>
  );
}
