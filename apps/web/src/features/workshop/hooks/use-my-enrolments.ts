import { useQuery } from '@tanstack/react-query';
import type { MyEnrolmentsResponse } from '@wifi7/contract';
import { useFailureReport } from '../../../lib/failure-report';
import { myEnrolmentsQuery } from '../api/fetch-my-enrolments';

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
  const query = useQuery(myEnrolmentsQuery(uid));
  useFailureReport(query, onFailure);
  return (uid && query.data) || none;
}
