/**
 * A stand-in for the third-party IP-geolocation service the web app asks for
 * the visitor's country. Its answer can be switched on /geo (e.g. US or IN)
 * so both checkout paths can be tried by hand, or made to fail.
 */
import type { FastifyPluginAsync } from 'fastify';
import { html, page } from '../pages/html';

export type GeoMode = { kind: 'country'; country: string } | { kind: 'error' } | { kind: 'slow' };

export class GeoState {
  mode: GeoMode = { kind: 'country', country: 'US' };
}

export const geoRoutes: FastifyPluginAsync<{ state: GeoState }> = async (app, { state }) => {
  app.get('/geo/json', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
    const mode = state.mode;
    if (mode.kind === 'error') return reply.code(503).send({ error: 'Service unavailable' });
    if (mode.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, 10_000));
    const country = mode.kind === 'country' ? mode.country : 'US';
    return { ip: '203.0.113.7', country, country_code: country };
  });

  app.post<{ Body: { country?: string; mode?: string } }>('/geo/mode', async (request, reply) => {
    const { country, mode } = request.body ?? {};
    if (mode === 'error' || mode === 'slow') state.mode = { kind: mode };
    else if (country && /^[A-Za-z]{2}$/.test(country)) {
      state.mode = { kind: 'country', country: country.toUpperCase() };
    } else return reply.code(400).send({ error: 'Give a two-letter country or mode error|slow' });
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    return wantsHtml ? reply.redirect('/geo', 303) : { mode: state.mode };
  });

  app.get('/geo', async (_request, reply) => {
    const mode = state.mode;
    const current = mode.kind === 'country' ? `country ${mode.country}` : mode.kind;
    const body = html`
      <h1>Visitor location</h1>
      <p class="muted">
        The web app asks <code>/geo/json</code> for the visitor's country. It now answers:
        <strong>${current}</strong>.
      </p>
      <div class="card">
        <form class="inline" method="post" action="/geo/mode">
          <input type="hidden" name="country" value="US" /><button type="submit">
            United States (US)
          </button>
        </form>
        <form class="inline" method="post" action="/geo/mode">
          <input type="hidden" name="country" value="IN" /><button type="submit">India (IN)</button>
        </form>
        <form class="inline" method="post" action="/geo/mode">
          <input type="hidden" name="mode" value="error" /><button type="submit" class="secondary">
            Fail (503)
          </button>
        </form>
        <form class="inline" method="post" action="/geo/mode">
          <input type="hidden" name="mode" value="slow" /><button type="submit" class="secondary">
            Slow (10 s)
          </button>
        </form>
      </div>
    `;
    return reply.type('text/html; charset=utf-8').send(page('Visitor location', body));
  });
};
