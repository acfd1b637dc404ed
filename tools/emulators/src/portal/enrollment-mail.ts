/** The e-mail the courses portal sends a student when a hand-off enrols or un-enrols them. */
import type { Inbox } from '../inbox/inbox';
import type { Handoff } from './handoff';

export const PORTAL_SENDER = 'noreply@courses-portal.example';

export function sendEnrollmentMail(inbox: Inbox, handoff: Handoff, myCoursesUrl: string): void {
  const { student, workshop, order } = handoff;
  const created = handoff.type === 'enrollment.created';
  const batch = workshop.batchDescription
    ? `${workshop.batchDescription} (${workshop.batchId})`
    : workshop.batchId;
  inbox.add({
    kind: 'enrollment',
    from: PORTAL_SENDER,
    to: student.email,
    subject: created ? `You're enrolled: ${workshop.name}` : `Enrollment removed: ${workshop.name}`,
    text: [
      `Hello ${student.firstName},`,
      '',
      created
        ? `You now have access to ${workshop.name}.`
        : `Your access to ${workshop.name} has been removed.`,
      `Batch: ${batch}`,
      `Order: ${order.id} (${order.currency} ${order.total})`,
      '',
      created
        ? `Sign in to the courses portal with ${student.email} and find the workshop under My Courses.`
        : 'If you think this is a mistake, reply to this e-mail.',
    ].join('\n'),
    links: [{ label: 'Open My Courses', href: myCoursesUrl }],
  });
}
