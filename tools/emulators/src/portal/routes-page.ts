/**
 * `GET /portal`: the courses portal as a student (or a tester) sees it —
 * "My Courses", the enrolments received, newest first; `?email=` shows one
 * student's.
 */
import type { FastifyPluginAsync } from 'fastify';
import { tableCard } from '../pages/fragments';
import { html, page } from '../pages/html';
import type { Handoff } from './handoff';
import type { PortalState } from './state';

const KIND_LABEL: Record<Handoff['type'], string> = {
  'enrollment.created': 'Enrolled',
  'enrollment.revoked': 'Removed',
  'enrollment.moved': 'Moved',
};

export const portalPage: FastifyPluginAsync<{ state: PortalState }> = async (app, { state }) => {
  app.get<{ Querystring: { email?: string } }>('/', async (request, reply) => {
    const email = request.query.email?.trim() ?? '';
    const enrollments = state.list(email || undefined).reverse();
    const body = html`
      <h1>Courses portal — My Courses</h1>
      <p class="muted">
        Stands in for the separate courses portal (COURSES_PORTAL_URL). Our server hands each paid
        student over with a signed message to <code>/portal/api/enrollments</code>.
        ${
          email
            ? html`Showing <strong>${email}</strong> — <a href="/portal">show everyone</a>.`
            : ''
        }
      </p>
      <form method="get" action="/portal">
        <label for="email">Student e-mail</label>
        <input
          id="email"
          name="email"
          type="email"
          value="${email}"
          placeholder="someone@example.com"
        />
        <button type="submit" class="secondary">Filter</button>
      </form>
      ${tableCard(
        ['Student', 'Workshop', 'Batch', 'Order', 'Change', 'Received'],
        enrollments.map(
          (enrollment) =>
            html`<tr>
              <td>
                ${enrollment.student.firstName} ${enrollment.student.lastName}
                <div class="muted">${enrollment.student.email}</div>
              </td>
              <td>
                ${enrollment.workshop.name}
                <div class="muted">${enrollment.workshop.sku}</div>
              </td>
              <td>
                ${enrollment.workshop.batchDescription || enrollment.workshop.batchId}
                <div class="muted">${enrollment.workshop.batchId}</div>
              </td>
              <td>
                ${enrollment.order.id}
                <div class="muted">
                  ${enrollment.order.currency} ${enrollment.order.total} · ${enrollment.order.rail}
                </div>
              </td>
              <td>
                <span class="kind">${KIND_LABEL[enrollment.type]}</span>
                ${
                  enrollment.movedFrom
                    ? html`<div class="muted">from ${enrollment.movedFrom.batchId}</div>`
                    : ''
                }
              </td>
              <td>
                <time datetime="${enrollment.receivedAt}"
                  >${new Date(enrollment.receivedAt).toUTCString()}</time
                >
              </td>
            </tr>`,
        ),
        'No enrolments yet.',
      )}
    `;
    return reply.type('text/html; charset=utf-8').send(page('Courses portal — My Courses', body));
  });
};
