/** The e-mail the courses portal sends a student when a hand-off enrols, un-enrols or moves them. */
import type { Inbox } from '../inbox/inbox';
import type { Handoff } from './handoff';

export const PORTAL_SENDER = 'noreply@courses-portal.example';

/** What the portal tells the student, by hand-off type. */
function wording(handoff: Handoff, batch: string) {
  const { workshop, student } = handoff;
  switch (handoff.type) {
    case 'enrollment.created':
      return {
        subject: `You're enrolled: ${workshop.name}`,
        lead: `You now have access to ${workshop.name}.`,
        close: `Sign in to the courses portal with ${student.email} and find the workshop under My Courses.`,
      };
    case 'enrollment.revoked':
      return {
        subject: `Enrollment removed: ${workshop.name}`,
        lead: `Your access to ${workshop.name} has been removed.`,
        close: 'If you think this is a mistake, reply to this e-mail.',
      };
    case 'enrollment.moved': {
      const from = handoff.movedFrom!;
      return {
        subject: `Your batch changed: ${workshop.name}`,
        lead: `You moved from ${from.batchDescription || from.batchId} (${from.batchId}) to ${batch}.`,
        close: 'Your sessions under My Courses now follow the new batch.',
      };
    }
  }
}

export function sendEnrollmentMail(inbox: Inbox, handoff: Handoff, myCoursesUrl: string): void {
  const { student, workshop, order } = handoff;
  const batch = workshop.batchDescription
    ? `${workshop.batchDescription} (${workshop.batchId})`
    : workshop.batchId;
  const words = wording(handoff, batch);
  inbox.add({
    kind: 'enrollment',
    from: PORTAL_SENDER,
    to: student.email,
    subject: words.subject,
    text: [
      `Hello ${student.firstName},`,
      '',
      words.lead,
      `Batch: ${batch}`,
      `Order: ${order.id} (${order.currency} ${order.total})`,
      '',
      words.close,
    ].join('\n'),
    links: [{ label: 'Open My Courses', href: myCoursesUrl }],
  });
}
