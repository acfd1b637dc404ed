/**
 * The inbox as a web page (http://localhost:4000/, `?to=<e-mail>` for one
 * recipient) and as JSON for tests (`/api/inbox/messages`). A message
 * received over SMTP also shows its HTML part (on a page of its own that
 * may run nothing and load nothing) and its attachments, to download.
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

  app.get<{ Params: { id: string; index: string } }>(
    '/api/inbox/messages/:id/attachments/:index',
    async (request, reply) => {
      const file = inbox.attachment(request.params.id, Number(request.params.index));
      if (!file) return reply.code(404).send({ error: 'No such attachment' });
      return reply
        .type(file.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`,
        )
        .send(file.content);
    },
  );

  app.get<{ Params: { id: string } }>('/messages/:id/html', async (request, reply) => {
    const message = inbox.get(request.params.id);
    if (!message?.html) return reply.code(404).type('text/plain').send('No HTML part');
    // The message as a mail program would show it: no scripts, nothing fetched from anywhere.
    return reply
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox allow-popups allow-popups-to-escape-sandbox",
      )
      .type('text/html; charset=utf-8')
      .send(message.html);
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
      <p class="muted" style="${WRAP_ANYWHERE}">
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

/**
 * Addresses, subjects and links have no spaces to break at: on a phone
 * they would push the card past the screen's edge, so they break anywhere.
 */
const WRAP_ANYWHERE = 'overflow-wrap:anywhere';

function renderMessage(message: InboxMessage) {
  return html`
    <article class="card" style="${WRAP_ANYWHERE}" aria-label="${message.subject}">
      <div class="meta">
        <span class="kind">${message.kind}</span>
        <span>From: ${message.from}</span>
        <span>To: ${message.to}</span>
        <time datetime="${message.receivedAt}">${new Date(message.receivedAt).toUTCString()}</time>
      </div>
      <h2 style="font-size:1.1rem;margin:8px 0 0">${message.subject}</h2>
      <pre>${message.text}</pre>
      ${
        message.attachments?.length
          ? html`<p class="muted">
              Attachments:
              ${message.attachments.map(
                (file) =>
                  html`<a href="${file.href}" download="${file.filename}">${file.filename}</a>
                    (${file.contentType.split(';')[0]}, ${file.size} bytes) `,
              )}
            </p>`
          : ''
      }
      <div>
        ${message.links.map((link) => html`<a class="button" href="${link.href}">${link.label}</a>`)}
        ${
          message.html
            ? html`<a class="button secondary" href="/messages/${message.id}/html" target="_blank"
                >View as HTML</a
              >`
            : ''
        }
      </div>
    </article>
  `;
}
