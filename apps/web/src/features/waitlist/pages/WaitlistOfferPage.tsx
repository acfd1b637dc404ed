/**
 * /waitlist/offer?token=… — where a waitlist offer e-mail leads. Signed
 * out, the visitor is sent to sign in and brought back here afterwards.
 * Signed in, the offer is opened (claimed): a seat held for them puts the
 * batch in the cart and goes on to checkout, saying until when the seat is
 * held; an offer that ran out, was used, was made for another address or
 * is unknown gets a page saying what happened and what to do now.
 */
import {
  waitlistOfferTokenSchema,
  type WaitlistClaimResponse,
  type WaitlistJoinResponse,
} from '@wifi7/contract';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { buttonStyles } from '../../../components/button-styles';
import { PageSpinner, Spinner } from '../../../components/Spinner';
import { paths } from '../../../config/paths';
import { errorName } from '../../../lib/error-name';
import { remoteLog } from '../../../lib/remote-log';
import { toast } from '../../../lib/toasts';
import { useAuth, useLogout } from '../../auth';
import { useCartStore } from '../../cart';
import { claimOffer, joinWaitlist } from '../api/waitlist-api';
import { heldUntilText } from '../lib/held-until';
import { rememberOfferReturn } from '../lib/offer-return';
import { offerTexts as texts } from '../offer-texts';

type Claim =
  { status: 'claiming' } | { status: 'error' } | { status: 'done'; answer: WaitlistClaimResponse };

export function WaitlistOfferPage() {
  const { loading, user } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner label="Checking your sign-in…" />;
  if (!user) return <SendToSignIn back={location.pathname + location.search} />;
  return <OfferClaim key={user.uid} email={user.email ?? ''} />;
}

/** Signed out: to /login, remembering this page for after the sign-in link (like checkout's guard). */
function SendToSignIn({ back }: { back: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    rememberOfferReturn(back);
    void navigate(paths.login, { replace: true });
  }, [back, navigate]);
  return <PageSpinner label="Taking you to sign in…" />;
}

function OfferClaim({ email }: { email: string }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const wellFormed = waitlistOfferTokenSchema.safeParse(token).success;
  const navigate = useNavigate();
  const addItem = useCartStore((state) => state.addItem);
  const [attempt, setAttempt] = useState(0);
  const [claim, setClaim] = useState<Claim>({ status: 'claiming' });

  useEffect(() => {
    if (!wellFormed) return;
    let current = true;
    claimOffer(token).then(
      (answer) => {
        if (!current) return;
        const { productSku, productName, batchId, offerExpiresAt } = answer;
        if (answer.outcome === 'ready' && productSku && productName && batchId) {
          addItem({ productSku, productName, batchId });
          if (offerExpiresAt) {
            toast.success(texts.heldToast(heldUntilText(offerExpiresAt)), {
              id: 'waitlist-offer-held',
              duration: 12_000,
            });
          }
          void navigate(paths.checkout, { replace: true });
          return;
        }
        setClaim({ status: 'done', answer });
      },
      (error: unknown) => {
        void remoteLog.warning(`waitlist: offer claim failed (${errorName(error)})`);
        if (current) setClaim({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [token, wellFormed, attempt, addItem, navigate]);

  if (!wellFormed) return <Unknown />;
  if (claim.status === 'claiming') {
    return <PageSpinner label={texts.opening} />;
  }
  if (claim.status === 'error') {
    return (
      <OutcomePage title={texts.errorTitle} tone="problem" alert>
        <p>{texts.errorBody}</p>
        <Actions>
          <button
            type="button"
            className={buttonStyles.solid}
            onClick={() => {
              setClaim({ status: 'claiming' });
              setAttempt((value) => value + 1);
            }}
          >
            {texts.tryAgain}
          </button>
          <WorkshopLink />
        </Actions>
      </OutcomePage>
    );
  }

  const { answer } = claim;
  switch (answer.outcome) {
    case 'ready':
      // A ready answer without its batch: nothing to put in the cart.
      return <Unknown />;
    case 'expired':
      return (
        <OutcomePage title={texts.expiredTitle} tone="ended">
          <p>
            {answer.offerExpiresAt
              ? texts.expiredBody(heldUntilText(answer.offerExpiresAt))
              : texts.expiredBodyNoTime}
          </p>
          <p>{texts.expiredNext}</p>
          {answer.batchId ? <Rejoin answer={answer} email={email} /> : <WorkshopActions />}
        </OutcomePage>
      );
    case 'used':
      return (
        <OutcomePage title={texts.usedTitle} tone="ended">
          <p>{texts.usedBody(email)}</p>
          <p>{texts.usedNext}</p>
          <WorkshopActions />
        </OutcomePage>
      );
    case 'not_yours':
      return <NotYours email={email} />;
    default:
      return <Unknown />;
  }
}

function Unknown() {
  return (
    <OutcomePage title={texts.unknownTitle} tone="problem">
      <p>{texts.unknownBody}</p>
      <p>{texts.unknownNext}</p>
      <WorkshopActions />
    </OutcomePage>
  );
}

function NotYours({ email }: { email: string }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const switchAddress = async () => {
    setBusy(true);
    rememberOfferReturn(location.pathname + location.search);
    await logout();
    await navigate(paths.login);
  };
  return (
    <OutcomePage title={texts.notYoursTitle} tone="problem">
      <p>{texts.notYoursBody(email)}</p>
      <p>{texts.notYoursNext}</p>
      <Actions>
        <button
          type="button"
          className={buttonStyles.solid}
          disabled={busy}
          onClick={() => void switchAddress()}
        >
          {busy && <Spinner className="size-5" />}
          {texts.switchAddress}
        </button>
        <WorkshopLink />
      </Actions>
    </OutcomePage>
  );
}

/** Joins the batch's line again after an offer ran out, right from its page. */
function Rejoin({ answer, email }: { answer: WaitlistClaimResponse; email: string }) {
  const navigate = useNavigate();
  const addItem = useCartStore((state) => state.addItem);
  const [busy, setBusy] = useState(false);
  const [joined, setJoined] = useState<WaitlistJoinResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const batchId = answer.batchId ?? '';

  useLayoutEffect(() => {
    if (joined) resultRef.current?.focus();
  }, [joined]);

  const rejoin = async () => {
    setBusy(true);
    setFailed(false);
    try {
      setJoined(await joinWaitlist(batchId));
    } catch (error) {
      void remoteLog.warning(`waitlist: rejoin failed (${errorName(error)})`);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const enroll = () => {
    if (answer.productSku && answer.productName) {
      addItem({ productSku: answer.productSku, productName: answer.productName, batchId });
      void navigate(paths.checkout);
    } else {
      void navigate(paths.workshop);
    }
  };

  return (
    <>
      <div role="status" className="empty:hidden">
        {joined && (
          <div className="rounded-xl bg-sky-50 p-4 text-sm ring-1 ring-sky-200">
            <p ref={resultRef} tabIndex={-1} className="font-semibold text-navy-950 outline-none">
              {joined.outcome === 'seat_free'
                ? texts.rejoinSeatFree
                : texts.rejoined(email, joined.place?.position ?? null)}
            </p>
          </div>
        )}
      </div>
      {failed && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3.5 text-sm text-red-900 ring-1 ring-red-200"
        >
          {texts.rejoinFailed}
        </p>
      )}
      <Actions>
        {joined?.outcome === 'seat_free' ? (
          <button type="button" className={buttonStyles.solid} onClick={enroll}>
            Proceed to Buy
          </button>
        ) : (
          !joined && (
            <button
              type="button"
              className={buttonStyles.solid}
              disabled={busy}
              onClick={() => void rejoin()}
            >
              {busy && <Spinner className="size-5" />}
              {texts.rejoin}
            </button>
          )
        )}
        <WorkshopLink />
      </Actions>
    </>
  );
}

function WorkshopActions() {
  return (
    <Actions>
      <Link to={paths.workshop} className={buttonStyles.solid}>
        {texts.toWorkshop}
      </Link>
    </Actions>
  );
}

function WorkshopLink() {
  return (
    <Link to={paths.workshop} className={buttonStyles.secondary}>
      {texts.toWorkshop}
    </Link>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-2 flex flex-col gap-3 sm:flex-row">{children}</div>;
}

const TONES = {
  ended: { ring: 'bg-amber-50 text-amber-800 ring-amber-200', icon: 'clock' },
  problem: { ring: 'bg-sky-50 text-sky-800 ring-sky-200', icon: 'info' },
} as const;

/** One outcome of the offer: its title (focused, so it is read first), what happened, what next. */
function OutcomePage({
  title,
  tone,
  alert = false,
  children,
}: {
  title: string;
  tone: keyof typeof TONES;
  alert?: boolean;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    headingRef.current?.focus();
  }, [title]);
  const { ring, icon } = TONES[tone];
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-16">
      <title>{`${title} · Wi-Fi 7 Workshop`}</title>
      <div className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <span
          aria-hidden="true"
          className={`flex size-12 items-center justify-center rounded-full ring-1 ${ring}`}
        >
          {icon === 'clock' ? <ClockIcon /> : <InfoIcon />}
        </span>
        <div role={alert ? 'alert' : undefined} className="flex flex-col gap-3">
          <p className="text-sm font-semibold tracking-wide text-sky-700 uppercase">
            {texts.eyebrow}
          </p>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight text-balance text-navy-950 outline-none sm:text-3xl"
          >
            {title}
          </h1>
        </div>
        <div className="flex flex-col gap-3 [overflow-wrap:anywhere] text-slate-700">
          {children}
        </div>
      </div>
    </div>
  );
}

function ClockIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function InfoIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5M12 8h.01" strokeLinecap="round" />
    </svg>
  );
}
