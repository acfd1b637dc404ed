/**
 * /waitlist/offer?token=… — where a waitlist offer e-mail leads. Signed
 * out, the visitor is sent to sign in and brought back here afterwards.
 * Signed in, the offer is opened (claimed): a seat held for them puts the
 * batch in the cart and goes on to checkout, saying until when the seat is
 * held; an offer that ran out, was used, was made for another address or
 * is unknown gets a page saying what happened and what to do now.
 */
import { useQuery } from '@tanstack/react-query';
import { waitlistOfferTokenSchema, type WaitlistClaimResponse } from '@wifi7/contract';
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
import { offerClaimQuery } from '../api/offer-claim';
import { joinWaitlist, useWaitlistChange } from '../api/waitlist-api';
import { heldUntilText } from '../lib/held-until';
import { rememberOfferReturn } from '../lib/offer-return';
import { offerTexts as texts } from '../offer-texts';

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

function logClaimFailure(error: unknown) {
  void remoteLog.warning(`waitlist: offer claim failed (${errorName(error)})`);
}

/** A held seat's answer names its batch, to put in the cart. */
function heldSeat(answer: WaitlistClaimResponse | undefined) {
  if (answer?.outcome !== 'ready') return null;
  const { productSku, productName, batchId } = answer;
  return productSku && productName && batchId ? { productSku, productName, batchId } : null;
}

function OfferClaim({ email }: { email: string }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const wellFormed = waitlistOfferTokenSchema.safeParse(token).success;
  const navigate = useNavigate();
  const addItem = useCartStore((state) => state.addItem);
  const claim = useQuery(offerClaimQuery(token, wellFormed, logClaimFailure));
  const held = heldSeat(claim.data);

  // A held seat goes into the cart and on to checkout, once per answer
  // (StrictMode runs this effect twice).
  const handled = useRef<WaitlistClaimResponse>(undefined);
  useEffect(() => {
    const answer = claim.data;
    if (!held || !answer || handled.current === answer) return;
    handled.current = answer;
    addItem(held);
    if (answer.offerExpiresAt) {
      toast.success(texts.heldToast(heldUntilText(answer.offerExpiresAt)), {
        id: 'waitlist-offer-held',
        duration: 12_000,
      });
    }
    void navigate(paths.checkout, { replace: true });
  }, [claim.data, held, addItem, navigate]);

  if (!wellFormed) return <Unknown />;
  if (claim.isFetching || claim.isPending || held) {
    return <PageSpinner label={texts.opening} />;
  }
  if (claim.isError) {
    return (
      <OutcomePage title={texts.errorTitle} tone="problem" alert>
        <p>{texts.errorBody}</p>
        <Actions>
          <button type="button" className={buttonStyles.solid} onClick={() => void claim.refetch()}>
            {texts.tryAgain}
          </button>
        </Actions>
      </OutcomePage>
    );
  }

  const answer = claim.data;
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
          {answer.batchId ? <Rejoin answer={answer} email={email} /> : <Actions />}
        </OutcomePage>
      );
    case 'used':
      return (
        <OutcomePage title={texts.usedTitle} tone="ended">
          <p>{texts.usedBody(email)}</p>
          <p>{texts.usedNext}</p>
          <Actions />
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
      <Actions />
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
      </Actions>
    </OutcomePage>
  );
}

/** Joins the batch's line again after an offer ran out, right from its page. */
function Rejoin({ answer, email }: { answer: WaitlistClaimResponse; email: string }) {
  const navigate = useNavigate();
  const addItem = useCartStore((state) => state.addItem);
  const join = useWaitlistChange(joinWaitlist);
  const joined = join.data ?? null;
  const resultRef = useRef<HTMLParagraphElement>(null);
  const batchId = answer.batchId ?? '';

  useLayoutEffect(() => {
    if (joined) resultRef.current?.focus();
  }, [joined]);

  const rejoin = () =>
    join.mutate(batchId, {
      onError: (error) => void remoteLog.warning(`waitlist: rejoin failed (${errorName(error)})`),
    });

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
      {join.isError && (
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
              disabled={join.isPending}
              onClick={rejoin}
            >
              {join.isPending && <Spinner className="size-5" />}
              {texts.rejoin}
            </button>
          )
        )}
      </Actions>
    </>
  );
}

/** The page's own buttons, then the way back to the workshop page: the main one when alone. */
function Actions({ children }: { children?: ReactNode }) {
  return (
    <div className="mt-2 flex flex-col gap-3 sm:flex-row">
      {children}
      <Link
        to={paths.workshop}
        className={children === undefined ? buttonStyles.solid : buttonStyles.secondary}
      >
        {texts.toWorkshop}
      </Link>
    </div>
  );
}

const TONES = {
  ended: {
    ring: 'bg-amber-50 text-amber-800 ring-amber-200',
    mark: <path d="M12 7v5l3 2" strokeLinecap="round" strokeLinejoin="round" />,
  },
  problem: {
    ring: 'bg-sky-50 text-sky-800 ring-sky-200',
    mark: <path d="M12 11v5M12 8h.01" strokeLinecap="round" />,
  },
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
  const { ring, mark } = TONES[tone];
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-16">
      <title>{`${title} · Wi-Fi 7 Workshop`}</title>
      <div className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <span
          aria-hidden="true"
          className={`flex size-12 items-center justify-center rounded-full ring-1 ${ring}`}
        >
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="12" cy="12" r="9" />
            {mark}
          </svg>
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
