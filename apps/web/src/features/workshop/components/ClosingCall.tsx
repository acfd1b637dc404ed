import { buttonStyles } from '../../../components/button-styles';
import { site } from '../../../content/site';
import { scrollToCenter } from '../scroll';
import { ENROLL_CARD_ID, ENROLL_HEADING_ID } from './EnrollCard';

/** A last invitation at the end of the page; it brings the visitor back to the enroll card. */
export function ClosingCall() {
  const { sessions, sessionHours, timezone, prerequisite } = site.workshop;

  const backToCard = () => {
    const card = document.getElementById(ENROLL_CARD_ID);
    if (!card) return;
    scrollToCenter(card);
    document.getElementById(ENROLL_HEADING_ID)?.focus({ preventScroll: true });
  };

  return (
    <section
      aria-labelledby="closing-title"
      className="relative overflow-hidden bg-navy-950 text-white"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(40rem_20rem_at_15%_120%,rgba(56,189,248,0.2),transparent_60%)]"
      />
      <div className="relative mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="closing-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Ready to go deep on Wi-Fi 7?
          </h2>
          <p className="mt-2 text-slate-300">
            {sessions} live sessions of {sessionHours} hours · {timezone} · {prerequisite}
          </p>
        </div>
        <button type="button" className={buttonStyles.primary} onClick={backToCard}>
          Choose your batch
        </button>
      </div>
    </section>
  );
}
