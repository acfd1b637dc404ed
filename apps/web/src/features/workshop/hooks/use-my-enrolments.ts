import type { MyEnrolmentsResponse } from '@wifi7/contract';
import { useEffect, useEffectEvent, useState } from 'react';
import { fetchMyEnrolments } from '../api/fetch-my-enrolments';

export type Enrolment = MyEnrolmentsResponse['enrolments'][number];

const none: readonly Enrolment[] = [];

/**
 * The batches the signed-in user (`uid`) has paid for; empty while unknown,
 * when nobody is signed in, and when the request fails (`onFailure` hears
 * why): the page then simply offers no calendar.
 */
export function useMyEnrolments(
  uid: string | null,
  onFailure: (error: unknown) => void,
): readonly Enrolment[] {
  const [outcome, setOutcome] = useState<{ uid: string; enrolments: readonly Enrolment[] }>();
  const reportFailure = useEffectEvent(onFailure);

  useEffect(() => {
    if (!uid) return;
    let active = true;
    fetchMyEnrolments().then(
      (enrolments) => {
        if (active) setOutcome({ uid, enrolments });
      },
      (error: unknown) => {
        reportFailure(error);
      },
    );
    return () => {
      active = false;
    };
  }, [uid]);

  return uid && outcome?.uid === uid ? outcome.enrolments : none;
}
