/**
 * Previews of any published version, and a local build on the deployed site,
 * for one staff browser, never for anybody else:
 *
 *   pnpm gwar release preview mf-chat 1.5.0      (a team's token, or "Podgląd" on the admin page)
 *     → a signed link /release-preview/<link>, valid for at most 8 hours (previewTokens.ts)
 *   opened in a browser signed in as an admin or a member of mf-chat's team (members.ts)
 *     → a page that says what will happen, and a button (a POST from the site itself: opening a
 *       link alone changes nothing, and SameSite=Strict cookies then travel with the redirect)
 *     → the `gwar_preview` cookie (HttpOnly, SameSite=Strict, signed, bound to the account)
 *     → that browser's registry, in the page and /remotes.json, and the page's preload links
 *       name mf-chat@1.5.0 on the channel 'preview' (registry.ts applyPreviews); its health
 *       token does not name it, so its reports count for nothing; its pages are `no-store`.
 *
 * `pnpm gwar release dev mf-chat --entry http://127.0.0.1:3103/remoteEntry.js` does the same for a
 * developer's local build (`pnpm --filter mf-chat dev`, or any server on localhost or 127.0.0.1),
 * at most 2 hours, only where the operator set RELEASE_DEV_OVERRIDES=1: the remote is loaded as
 * on the local site from a development server (devRemotes.ts `fromDevServer`: its rebuilds swap
 * in, never counted nor preloaded), and the page's CSP admits that one origin for that browser's
 * pages only (http/security.ts widenPolicy).
 *
 * Every page load with the cookie checks it again: the signature, the account, its end, the
 * account's right to the remote (a member removed from the team stops at once), and the setting.
 * Making and opening a link are written to the release log with the link's id, never the link.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ReleasePreviewLink } from 'shared-api/contract';
import { REMOTE_ROUTES, remoteNameOf } from 'shared-api/routes';
import { DEV_OVERRIDE_MAX_HOURS, devEntryProblem, PREVIEW_MAX_HOURS } from 'shared-api/validation';
import type { Viewer } from '../auth/session.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import { isSpaRoute } from '../http/pageRoutes.ts';
import { logRelease, requireRelease } from './channels.ts';
import { siteKey } from './healthToken.ts';
import { previewableRemotes } from './members.ts';
import {
  newLinkId,
  type PreviewLink,
  type PreviewTarget,
  readPreviewCookie,
  readPreviewLink,
  redactSecret,
  signPreviewCookie,
  signPreviewLink,
} from './previewTokens.ts';

export const PREVIEW_COOKIE = 'gwar_preview';
/** Where links open: `/release-preview/<link>`. */
export const PREVIEW_PATH = '/release-preview';

/** A request's address as logs may keep it: a preview link cut to its first characters. */
export function redactPreviewLink(url: string): string {
  if (!url.startsWith(`${PREVIEW_PATH}/`)) return url;
  return `${PREVIEW_PATH}/${redactSecret(url.slice(PREVIEW_PATH.length + 1))}`;
}

interface CookieReply {
  clearCookie(name: string, options: Record<string, unknown>): unknown;
}

/** Ends every preview of this browser (the banner's button, signing out). */
export function clearPreviewCookie(reply: CookieReply, secure: boolean): void {
  reply.clearCookie(PREVIEW_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure });
}

/** The page a remote's preview opens unless the link names another: one the remote draws. */
const PREVIEW_PAGES: Record<string, string> = {
  mf_feed: '/',
  mf_post: '/add',
  mf_chat: '/chats',
  mf_moderation: '/reports',
  mf_account: '/settings',
};

export function previewPageOf(remote: string): string {
  const name = remoteNameOf(remote);
  if (!name) return '/';
  return (
    PREVIEW_PAGES[name] ?? REMOTE_ROUTES.find((r) => r.remote === name)?.path.replace(/\/:.*$/, '') ?? '/'
  );
}

/** A refusal, in the API's words (details) and in Polish for the person at the browser (hint). */
const refused = (status: number, key: string, details: string, hint: string) =>
  new ApiError(status, key, details, hint);

export const devOverridesOff = () =>
  refused(
    403,
    'DEV OVERRIDES OFF',
    'this site does not load local builds; its operator turns them on with RELEASE_DEV_OVERRIDES=1',
    'Ten serwis nie ładuje lokalnych wersji aplikacji (operator włącza je ustawieniem RELEASE_DEV_OVERRIDES=1).',
  );

const describe = (t: PreviewTarget) => (t.entry ? `${t.remote} from ${t.entry}` : `${t.remote}@${t.version}`);

export interface Previews {
  /** A new link (a team's token or an admin, checked by the caller), written to the release log. */
  createLink(input: {
    remote: string;
    version?: string | undefined;
    entry?: string | undefined;
    hours?: number | undefined;
    page?: string | undefined;
    actor: string;
  }): Promise<ReleasePreviewLink>;
  /** What `raw` opens for `viewer`; an ApiError (with a Polish hint) when it may not. */
  check(raw: string, viewer: Viewer | null): Promise<PreviewLink>;
  /** Opens a checked link: the cookie to set (this link's preview with the browser's others). */
  open(
    link: PreviewLink,
    viewer: Viewer,
    cookie: string | undefined,
  ): Promise<{ value: string; maxAge: number }>;
  /** The previews running in the browser of `request`, checked again; [] for everybody else. */
  active(request: FastifyRequest): Promise<PreviewTarget[]>;
}

export async function startPreviews(
  config: Pick<Config, 'publicOrigin' | 'releaseDevOverrides'>,
  db: Db,
  log: FastifyBaseLogger,
): Promise<Previews> {
  const key = await siteKey(db, 'release-preview');

  return {
    async createLink({ remote, version, entry, hours, page, actor }) {
      if (entry !== undefined) {
        if (!config.releaseDevOverrides) throw devOverridesOff();
        const problem = devEntryProblem(entry);
        if (problem) throw new ApiError(400, 'RELEASE REFUSED', problem);
      } else if (version !== undefined) {
        await requireRelease(db, remote, version);
      } else {
        throw new ApiError(400, 'RELEASE REFUSED', 'name a version or a local build');
      }
      const target = page ?? previewPageOf(remote);
      if (!isSpaRoute(target))
        throw new ApiError(400, 'RELEASE REFUSED', `${target} is not a page of the site`);
      const most = entry !== undefined ? DEV_OVERRIDE_MAX_HOURS : PREVIEW_MAX_HOURS;
      const expires = Math.floor(Date.now() / 1000) + Math.min(hours ?? most, most) * 3600;
      const id = newLinkId();
      const link: PreviewLink = {
        id,
        remote,
        ...(entry !== undefined ? { entry } : { version: version! }),
        expires,
        page: target,
      };
      const signed = signPreviewLink(key, link);
      const until = new Date(expires * 1000);
      await logRelease(
        db,
        {
          remote,
          action: entry !== undefined ? 'dev-override' : 'preview',
          to: version ?? null,
          actor,
          reason: `link ${id} made: ${describe(link)} at ${target}, until ${until.toISOString()}`,
        },
        { notify: false },
      );
      return {
        ok: true,
        url: `${config.publicOrigin}${PREVIEW_PATH}/${signed}`,
        id,
        remote,
        version: version ?? null,
        entry: entry ?? null,
        expires: until.toISOString(),
      };
    },

    async check(raw, viewer) {
      const reading = readPreviewLink(key, raw);
      if ('problem' in reading) {
        throw reading.problem === 'expired'
          ? refused(
              410,
              'PREVIEW LINK EXPIRED',
              'this preview link has ended; make a new one',
              'Ten link podglądu wygasł. Utwórz nowy (pnpm gwar release preview …).',
            )
          : refused(
              400,
              'PREVIEW LINK INVALID',
              'this link is damaged or was not made by this site',
              'Ten link jest uszkodzony albo nie pochodzi z tego serwisu. Poproś o nowy.',
            );
      }
      const { link } = reading;
      if (!remoteNameOf(link.remote))
        throw refused(400, 'PREVIEW LINK INVALID', 'unknown remote', 'Nieznana aplikacja.');
      if (link.entry !== undefined) {
        if (!config.releaseDevOverrides) throw devOverridesOff();
        if (devEntryProblem(link.entry))
          throw refused(400, 'PREVIEW LINK INVALID', 'not a local build', 'To nie jest lokalna wersja.');
      }
      if (!viewer) {
        throw refused(
          401,
          'YOU MUST BE SIGNED IN',
          `sign in as an admin or a member of the team of ${link.remote}, then open the link again`,
          `Zaloguj się jako administrator albo członek zespołu ${link.remote} i otwórz link ponownie.`,
        );
      }
      const allowed = await previewableRemotes(db, viewer, [link.remote]);
      if (!allowed.has(link.remote)) {
        throw refused(
          403,
          'PREVIEW NOT ALLOWED',
          `only admins and members of the team of ${link.remote} may open its previews`,
          `Podgląd ${link.remote} mogą włączyć tylko administratorzy i członkowie zespołu ${link.remote}.`,
        );
      }
      if (link.version !== undefined) {
        await requireRelease(db, link.remote, link.version);
      }
      return link;
    },

    async open(link, viewer, cookie) {
      const others = readPreviewCookie(key, cookie, viewer.id).filter((t) => t.remote !== link.remote);
      const { page: _page, ...target } = link;
      const previews = [...others, target];
      const last = Math.max(...previews.map((t) => t.expires));
      await logRelease(
        db,
        {
          remote: link.remote,
          action: link.entry !== undefined ? 'dev-override' : 'preview',
          to: link.version ?? null,
          actor: `user:${viewer.username}`,
          reason: `link ${link.id} opened: ${describe(link)}`,
        },
        { notify: false },
      );
      return {
        value: signPreviewCookie(key, viewer.id, previews),
        maxAge: Math.max(1, last - Math.floor(Date.now() / 1000)),
      };
    },

    async active(request) {
      const raw = request.cookies[PREVIEW_COOKIE];
      const viewer = request.viewer;
      // Everybody without the cookie (every visitor but a few staff) stops here, at no cost.
      if (!raw || !viewer) return [];
      const running = readPreviewCookie(key, raw, viewer.id).filter(
        (t) => t.version !== undefined || (config.releaseDevOverrides && !devEntryProblem(t.entry!)),
      );
      if (running.length === 0) return [];
      try {
        const allowed = await previewableRemotes(
          db,
          viewer,
          running.map((t) => t.remote),
        );
        return running.filter((t) => allowed.has(t.remote));
      } catch (error) {
        // The page never depends on the database: without it, the releases everybody gets.
        log.warn({ err: error }, 'previews unavailable: serving the page without them');
        return [];
      }
    },
  };
}
