/**
 * The preview link's own page (previews.ts):
 *   GET  /release-preview/<link>   checks the link and the browser's account, and says in Polish
 *                                  what will happen, with one button; or why it cannot
 *   POST /release-preview/<link>   (that button, from the site itself: the Origin check of every
 *                                  cookie-carrying write applies) checks again, sets the preview
 *                                  cookie and sends the browser on to the page that uses the remote
 * A GET alone changes nothing, so a link that reaches an admin through another site cannot switch
 * what their browser runs; and the redirect after a same-site POST carries the SameSite=Strict
 * cookie, which a redirect from another site's link would not.
 *
 * Refusals are the API's error body for programs, and a short page for browsers (they ask for
 * text/html). The link is a secret of sorts: never logged whole (app.ts redacts it from request
 * logs), and the page sends only the site's origin as its referrer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Viewer } from '../auth/session.ts';
import { ApiError } from '../http/errors.ts';
import { PREVIEW_COOKIE, PREVIEW_PATH } from './previews.ts';
import type { PreviewLink } from './previewTokens.ts';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const when = new Intl.DateTimeFormat('pl-PL', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Warsaw',
});

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – Gwar</title>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

function confirmPage(link: PreviewLink, raw: string, username: string): string {
  const until = when.format(new Date(link.expires * 1000));
  const what = link.entry
    ? `<p>Ta przeglądarka (konto <strong>${escapeHtml(username)}</strong>) będzie ładować aplikację <strong>${escapeHtml(link.remote)}</strong> z Twojego komputera, spod adresu <code>${escapeHtml(link.entry)}</code>, zamiast wersji, którą dostają odwiedzający, do ${escapeHtml(until)} (czasu polskiego). Tylko dla Ciebie strony serwisu dopuszczą skrypty z tego adresu.</p>`
    : `<p>Ta przeglądarka (konto <strong>${escapeHtml(username)}</strong>) będzie ładować aplikację <strong>${escapeHtml(link.remote)}</strong> w wersji <strong>${escapeHtml(link.version!)}</strong> zamiast wersji, którą dostają odwiedzający, do ${escapeHtml(until)} (czasu polskiego).</p>`;
  return page(
    link.entry ? `Lokalna wersja ${link.remote}` : `Podgląd ${link.remote}@${link.version}`,
    `${what}
<p>Inni odwiedzający niczego nie zauważą, a strażnik zdrowia wydań nie liczy tego podglądu. Pasek u góry strony przypomina o nim i pozwala go zakończyć.</p>
<form method="post" action="${escapeHtml(`${PREVIEW_PATH}/${raw}`)}">
<button type="submit">Włącz podgląd</button>
</form>
<p><a href="/">Anuluj i wróć na stronę główną</a></p>`,
  );
}

function refusalPage(error: ApiError): string {
  const signIn =
    error.status === 401 ? '<p><a href="/login">Zaloguj się</a>, a potem otwórz link ponownie.</p>' : '';
  return page(
    'Nie można włączyć podglądu',
    `<p role="alert">${escapeHtml(error.hint ?? error.details ?? error.message)}</p>
${signIn}<p><a href="/">Wróć na stronę główną</a></p>`,
  );
}

const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

function refuse(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof ApiError)) throw error;
  if (!wantsHtml(request)) throw error;
  return reply.status(error.status).type('text/html; charset=utf-8').send(refusalPage(error));
}

export function registerPreviewPage(app: FastifyInstance): void {
  const { previews } = app.services.releases;
  const config = app.config;
  // The page's address is the link: what it leads to learns only the site's origin from it. Not
  // 'no-referrer': with it, the button's POST would carry `Origin: null` and be refused as a
  // write from another site.
  const headers = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'strict-origin');

  app.register(async (scope) => {
    // The button's form: its (empty) body is not read.
    scope.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) =>
      done(null, null),
    );
    const rateLimit = config.rateLimits ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {};

    /**
     * Both methods: the link checked for this browser's account (the GET shows what it opens,
     * the POST opens it), or the refusal as the asker reads it (refuse above).
     */
    const route = (
      method: 'GET' | 'POST',
      opened: (checked: {
        link: PreviewLink;
        raw: string;
        viewer: Viewer;
        request: FastifyRequest;
        reply: FastifyReply;
      }) => unknown,
    ) =>
      scope.route<{ Params: { '*': string } }>({
        method,
        url: `${PREVIEW_PATH}/*`,
        config: rateLimit,
        handler: async (request, reply) => {
          headers(reply);
          try {
            const raw = request.params['*'];
            const link = await previews.check(raw, request.viewer);
            return await opened({ link, raw, viewer: request.viewer!, request, reply });
          } catch (error) {
            return refuse(request, reply, error);
          }
        },
      });

    route('GET', ({ link, raw, viewer, reply }) =>
      reply.type('text/html; charset=utf-8').send(confirmPage(link, raw, viewer.username)),
    );

    route('POST', async ({ link, viewer, request, reply }) => {
      const cookie = await previews.open(link, viewer, request.cookies[PREVIEW_COOKIE]);
      request.log.info(
        { remote: link.remote, version: link.version, entry: link.entry, link: link.id, user: viewer.id },
        'preview opened',
      );
      return reply
        .setCookie(PREVIEW_COOKIE, cookie.value, {
          path: '/',
          httpOnly: true,
          sameSite: 'strict',
          secure: config.secureCookies,
          maxAge: cookie.maxAge,
        })
        .redirect(link.page, 303);
    });
  });
}
