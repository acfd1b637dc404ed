/**
 * The inbox as a web page (http://localhost:4000/, `?to=<e-mail>` for one
 * recipient) and as JSON for tests (`/api/inbox/messages`).
 */
import type { FastifyPluginAsync } from 'fastify';
import { html, page } from '../pages/html';
import type { Inbox, InboxMessage } from './inbox';

export interface InboxRoutesOptions {
  inbox: Inbox;
  /** Pulls in messages produced elsewhere (the Auth Emulator) before answering. */
  refresh: () => Promise<void>;
}

export const inboxRoutes: FastifyPluginAsync<InboxRoutesOptions> = async (
  app,
  { inbox, refresh },
) => {
  const fresh = async () => {
    await refresh().catch((error: unknown) => app.log.warn({ err: error }, 'inbox refresh failed'));
  };

  app.get<{ Querystring: { to?: string } }>('/api/inbox/messages', async (request) => {
    await fresh();
    return { messages: inbox.list(request.query.to) };
  });

  app.delete('/api/inbox/messages', async (_request, reply) => {
    inbox.clear();
    return reply.code(204).send();
  });

  app.get<{ Querystring: { to?: string } }>('/', async (request, reply) => {
    await fresh();
    const to = request.query.to?.trim() ?? '';
    const messages = inbox.list(to || undefined);
    const body = html`
      <h1>Inbox</h1>
      <p class="muted">
        Every e-mail the system would have sent, newest first.
        ${to ? html`Showing messages to <strong>${to}</strong> — <a href="/">show all</a>.` : ''}
      </p>
      <form method="get" action="/">
        <label for="to">Recipient</label>
        <input id="to" name="to" type="email" value="${to}" placeholder="someone@example.com" />
        <button type="submit" class="secondary">Filter</button>
      </form>
      ${messages.length === 0 ? html`<p class="card muted">No messages yet.</p>` : messages.map(renderMessage)}
      <script>
        // Reload when new mail arrives, so a waiting person sees it appear.
        const count = ${messages.length};
        setInterval(async () => {
          const response = await fetch('/api/inbox/messages' + location.search);
          const { messages } = await response.json();
          if (messages.length !== count) location.reload();
        }, 2000);
      </script>
    `;
    return reply.type('text/html; charset=utf-8').send(page('Inbox', body));
  });
};

function renderMessage(message: InboxMessage) {
  return html`
    <article class="card" aria-label="${message.subject}">
      <div class="meta">
        <span class="kind">${message.kind}</span>
        <span>From: ${message.from}</span>
        <span>To: ${message.to}</span>
        <time datetime="${message.receivedAt}">${new Date(message.receivedAt).toUTCString()}</time>
      </div>
      <h2 style="font-size:1.1rem;margin:8px 0 0">${message.subject}</h2>
      <pre>${message.text}</pre>
      <div>
        ${message.links.map((link) => html`<a class="button" href="${link.href}">${link.label}</a>`)}
      </div>
    </article>
  `;
}
