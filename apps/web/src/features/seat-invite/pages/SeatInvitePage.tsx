/**
 * /seat-invite?code=… (beyond the spec) — where a company order's invite
 * link leads. Signed out, the visitor is sent to sign in and brought back
 * here afterwards (as with a waitlist offer). Signed in, the invite shows
 * what the seat is for and who bought it; an open seat is taken with the
 * person's name, for the address they signed in with. A seat already
 * taken, an invite closed and a code we do not know each get their words.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import {
  seatInviteClaimRequestSchema,
  seatInviteCodeSchema,
  type SeatInviteClaimRequest,
  type SeatInviteResponse,
} from '@wifi7/contract';
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { buttonStyles } from '../../../components/button-styles';
import { TextField } from '../../../components/Field';
import { PageSpinner, Spinner } from '../../../components/Spinner';
import { paths } from '../../../config/paths';
import { RequestFailedError } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-text';
import { useAuth } from '../../auth';
import { Card, Loading, PageFrame } from '../../checkout';
import { rememberOfferReturn } from '../../waitlist';
import { batchOptionLabel } from '../../workshop';
import { useClaimSeatInvite } from '../api/claim-seat-invite';
import { seatInviteQuery } from '../api/seat-invite';
import { seatInviteTexts as texts } from '../texts';

export function SeatInvitePage() {
  const { loading, user } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner label={texts.checkingSignIn} />;
  if (!user) return <SendToSignIn back={location.pathname + location.search} />;
  return <Invite key={user.uid} email={user.email ?? ''} />;
}

/** Signed out: to /login, remembering this page for after the sign-in link (as the offer page does). */
function SendToSignIn({ back }: { back: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    rememberOfferReturn(back);
    void navigate(paths.login, { replace: true });
  }, [back, navigate]);
  return <PageSpinner label={texts.toSignIn} />;
}

const notFound = (error: unknown) => error instanceof RequestFailedError && error.status === 404;

function Invite({ email }: { email: string }) {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const wellFormed = seatInviteCodeSchema.safeParse(code).success;
  const invite = useQuery(seatInviteQuery(code, wellFormed));
  const claim = useClaimSeatInvite(code);
  // One request at a time, even before the busy button has rendered.
  const sending = useRef(false);
  const take = (request: SeatInviteClaimRequest) => {
    if (sending.current) return;
    sending.current = true;
    claim.mutate(request, {
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  if (!wellFormed || notFound(invite.error)) {
    return <Outcome title={texts.unknownTitle} body={texts.unknownBody} />;
  }
  if (claim.isSuccess) return <Taken message={claim.data.message} />;
  if (invite.isPending) {
    return (
      <PageFrame title={texts.loadingTitle}>
        <Card>
          <Loading label={texts.loading} />
        </Card>
      </PageFrame>
    );
  }
  if (invite.isError) {
    return (
      <PageFrame title={texts.errorTitle}>
        <Card className="flex flex-col items-start gap-4">
          <p role="alert" className="text-slate-800">
            {failureText(invite.error)}
          </p>
          <button
            type="button"
            className={buttonStyles.solid}
            disabled={invite.isFetching}
            onClick={() => void invite.refetch()}
          >
            {invite.isFetching && <Spinner className="size-5" />}
            {texts.tryAgain}
          </button>
        </Card>
      </PageFrame>
    );
  }

  const details = invite.data;
  switch (details.state) {
    case 'taken':
      return <Outcome title={texts.takenTitle} body={texts.takenBody(details.from)} />;
    case 'closed':
      return <Outcome title={texts.closedTitle} body={texts.closedBody(details.from)} />;
    default:
      return (
        <PageFrame title={texts.openTitle} lead={texts.openLead}>
          <Card className="flex flex-col gap-6">
            <InviteDetails invite={details} />
            <ClaimForm
              email={email}
              busy={claim.isPending}
              problem={claim.isError ? failureText(claim.error) : null}
              onClaim={take}
            />
          </Card>
        </PageFrame>
      );
  }
}

function InviteDetails({ invite }: { invite: SeatInviteResponse }) {
  const rows: [string, ReactNode][] = [
    [texts.workshop, invite.workshopName],
    [texts.batch, batchOptionLabel(invite.batchDescription)],
    [texts.from, invite.from],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-medium text-slate-600 sm:text-base">{term}</dt>
          <dd className="mb-2 text-pretty text-navy-950 [overflow-wrap:anywhere] sm:mb-0">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ClaimForm({
  email,
  busy,
  problem,
  onClaim,
}: {
  email: string;
  busy: boolean;
  problem: string | null;
  onClaim: (request: SeatInviteClaimRequest) => void;
}) {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<SeatInviteClaimRequest>({
    resolver: zodResolver(seatInviteClaimRequestSchema),
    // Errors are checked on submit and cleared by editing, as on the checkout forms.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { firstName: '', lastName: '' },
  });
  const text = (name: keyof SeatInviteClaimRequest) => ({
    id: fieldId(name),
    error: errors[name]?.message,
    ...register(name, { onChange: () => clearErrors(name) }),
  });

  return (
    <form
      noValidate
      aria-busy={busy || undefined}
      onSubmit={(event) => void handleSubmit(onClaim)(event)}
      className="flex flex-col gap-5 border-t border-slate-200 pt-6"
    >
      <TextField
        look="buyer"
        id={fieldId('email')}
        label={texts.email}
        hint={texts.emailHint}
        type="email"
        value={email}
        readOnly
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          look="buyer"
          label="First Name"
          autoComplete="given-name"
          required
          {...text('firstName')}
        />
        <TextField
          look="buyer"
          label="Last Name"
          autoComplete="family-name"
          required
          {...text('lastName')}
        />
      </div>
      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      )}
      <button type="submit" className={`${buttonStyles.solid} sm:self-start`} disabled={busy}>
        {busy && <Spinner className="size-5" />}
        {busy ? texts.taking : texts.take}
      </button>
    </form>
  );
}

/** The seat was taken by this person: the server's words, focused so they are read first. */
function Taken({ message }: { message: string }) {
  const messageRef = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    messageRef.current?.focus();
  }, []);
  return (
    <PageFrame title={texts.yoursTitle}>
      <Card className="flex flex-col items-start gap-4">
        <div role="status">
          <p ref={messageRef} tabIndex={-1} className="text-slate-800 outline-none">
            {message}
          </p>
        </div>
        <Link to={paths.workshop} className={buttonStyles.solid}>
          {texts.toWorkshop}
        </Link>
      </Card>
    </PageFrame>
  );
}

/** An invite that cannot be taken: what happened, and the way on (no button to take it). */
function Outcome({ title, body }: { title: string; body: string }) {
  return (
    <PageFrame title={title}>
      <Card className="flex flex-col items-start gap-4">
        <p className="text-pretty text-slate-800">{body}</p>
        <Link to={paths.workshop} className={buttonStyles.solid}>
          {texts.toWorkshop}
        </Link>
      </Card>
    </PageFrame>
  );
}
