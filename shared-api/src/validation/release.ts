/**
 * The release API's inputs (server/src/releases/): one schema each, used by the server, the CLI
 * and the admin page. Remotes are named by folder (`mf-chat`); versions are URL-safe labels that
 * become part of `/mf/<remote>@<version>/`.
 */
import { z } from 'zod';
import { REMOTES, type RemoteDir } from '../routes.ts';
import { usernameSchema } from './user.ts';

export const RELEASE_VERSION_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export const releaseRemote = z.enum(Object.values(REMOTES) as [RemoteDir, ...RemoteDir[]]);
export const releaseVersion = z
  .string()
  .regex(RELEASE_VERSION_PATTERN, 'A version is 1-64 letters, digits, dots, dashes or underscores');

export const releaseCanaryInput = z.object({
  remote: releaseRemote,
  version: releaseVersion,
  /** Share of visitors (by cohort) on the canary; 1-99: 100 is a promotion, 0 a rollback. */
  percent: z.number().int().min(1).max(99),
  /**
   * A release the health guard rolled back is quarantined: canarying it again needs `force`
   * and a reason, which the release log keeps (server/src/releases/changes.ts).
   */
  force: z.literal(true).optional(),
  reason: z.string().trim().min(3).max(500).optional(),
});

/** Longest and shortest pause of a rollout's step. */
export const ROLLOUT_PAUSE_SECONDS = { min: 10, max: 7 * 86_400 } as const;

/**
 * A progressive rollout (server/src/releases/rollout.ts): the canary runs at each share of
 * `steps` in turn, each for at least `pauseSeconds` and until the health guard judged it healthy
 * on enough page loads of its own; after the last share, 100, it is promoted.
 */
export const releaseRolloutInput = z.object({
  remote: releaseRemote,
  version: releaseVersion,
  steps: z
    .array(z.number().int().min(1).max(100))
    .min(2, 'A rollout has at least two steps, the last one 100')
    .max(10, 'A rollout has at most ten steps')
    .refine((steps) => steps.every((share, i) => i === 0 || share > steps[i - 1]!), {
      message: 'Each step is a larger share than the one before',
    })
    .refine((steps) => steps[steps.length - 1] === 100, {
      message: 'The last step is 100: the promotion',
    }),
  pauseSeconds: z.number().int().min(ROLLOUT_PAUSE_SECONDS.min).max(ROLLOUT_PAUSE_SECONDS.max),
  force: z.literal(true).optional(),
  reason: z.string().trim().min(3).max(500).optional(),
});

export const releasePromoteInput = z.object({
  remote: releaseRemote,
  /** Defaults to the running canary. */
  version: releaseVersion.optional(),
});

export const releaseRollbackInput = z.object({
  remote: releaseRemote,
  /** A published version to make stable; without one: end the canary, or go back to the previous stable. */
  version: releaseVersion.optional(),
});

export const releaseTokenCreateInput = z.object({
  name: z.string().trim().min(1).max(60),
  remotes: z.array(releaseRemote).min(1).max(Object.keys(REMOTES).length),
  /** Days until it stops working; without it, until revoked. */
  expiresInDays: z.number().int().min(1).max(3650).optional(),
});

export const releaseTokenRevokeInput = z.object({ id: z.number().int().positive().max(2_147_483_647) });

/** The longest a preview link, and the preview it opens, lasts (server/src/releases/previews.ts). */
export const PREVIEW_MAX_HOURS = 8;
/** The longest a local build may stand in for a remote on the deployed site. */
export const DEV_OVERRIDE_MAX_HOURS = 2;

/**
 * The page a preview link opens (a path of the site, no query): by default one that draws the
 * remote. The server also checks it is one of the site's routes.
 */
export const previewPage = z
  .string()
  .max(200)
  .regex(/^\/(?!\/)[A-Za-z0-9._~%/-]*$/, 'A page is a path of the site, such as /chats');

/** A signed link that makes one signed-in staff browser load `version` of `remote` (releases/previews.ts). */
export const releasePreviewInput = z.object({
  remote: releaseRemote,
  version: releaseVersion,
  hours: z.number().int().min(1).max(PREVIEW_MAX_HOURS).optional(),
  page: previewPage.optional(),
});

/**
 * A local build's entry, `http://localhost:<port>/<path>.js` or `http://127.0.0.1:<port>/…`: only
 * these two hosts, written plainly (no credentials, no other spelling of the address, no query),
 * so that the one origin added to the page's CSP is the developer's own machine. Null when it is
 * fine, else what is wrong.
 */
export function devEntryProblem(raw: string): string | null {
  const plain = /^https?:\/\/(localhost|127\.0\.0\.1):([0-9]{1,5})\/[A-Za-z0-9._~/-]*\.js$/.exec(raw);
  if (raw.length > 300 || !plain)
    return 'A local build is http://localhost:<port>/…/remoteEntry.js or http://127.0.0.1:<port>/…';
  const port = Number(plain[2]);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Not an address';
  }
  // What the browser will ask for must be what was written: no dot segments, no default port.
  if (port < 1 || port > 65_535 || url.href !== raw || url.username || url.password)
    return 'Write the address plainly: a port from 1 to 65535, no dot segments';
  if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') return 'Only localhost or 127.0.0.1';
  return null;
}

/** The origin of an entry devEntryProblem accepted (what the page's CSP admits). */
export const devEntryOrigin = (entry: string): string => new URL(entry).origin;

export const releaseDevOverrideInput = z.object({
  remote: releaseRemote,
  entry: z.string().superRefine((value, ctx) => {
    const problem = devEntryProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  hours: z.number().int().min(1).max(DEV_OVERRIDE_MAX_HOURS).optional(),
  page: previewPage.optional(),
});

/** A member of the team that owns a remote: may open its preview links and local builds. */
export const releaseMemberInput = z.object({ remote: releaseRemote, username: usernameSchema });

/**
 * What a browser reports about a remote it loaded (POST /api/release-health). No personal data.
 * `hydration`: the page the server drew with the release did not match what the release drew in
 * the browser, which drew it again (server/src/render/README.md).
 */
export const RELEASE_HEALTH_KINDS = ['load', 'load-failed', 'render', 'error', 'hydration'] as const;
/** A Web Vital above this many milliseconds (ten minutes) is a broken clock, not a slow page. */
export const VITALS_MAX_MS = 600_000;
/**
 * What one error report may hold (shell/src/remotes/errorReports.ts trims to these): its message,
 * each stack frame, how many frames, how many errors one report carries.
 */
export const RELEASE_ERROR_LIMITS = { message: 300, frame: 200, frames: 10, perReport: 10 } as const;
const releaseOfPage = z.object({
  remote: z.string().max(40),
  version: releaseVersion,
  channel: z.enum(['stable', 'canary']),
});
export const releaseHealthInput = z.object({
  /** The page load's health token, from its registry (server/src/releases/healthToken.ts). */
  token: z.string().max(4096),
  events: z
    .array(
      z.object({
        remote: z.string().max(40),
        version: releaseVersion,
        channel: z.enum(['stable', 'canary']),
        kind: z.enum(RELEASE_HEALTH_KINDS),
      }),
    )
    .max(50),
  /**
   * The page view's Web Vitals (shell/src/remotes/signals.ts), for the releases that drew it: sent
   * on hide, again if a value changed (CLS grows), each report replacing the last of the page load.
   */
  vitals: z
    .object({
      releases: z.array(releaseOfPage).max(10),
      /** Largest Contentful Paint, Interaction to Next Paint, Time to First Byte: milliseconds. */
      lcp: z.number().finite().min(0).max(VITALS_MAX_MS).optional(),
      inp: z.number().finite().min(0).max(VITALS_MAX_MS).optional(),
      ttfb: z.number().finite().min(0).max(VITALS_MAX_MS).optional(),
      /** Cumulative Layout Shift: a unitless score. */
      cls: z.number().finite().min(0).max(100).optional(),
    })
    .optional(),
  /**
   * Errors of this page load (shell/src/remotes/errorReports.ts), each against the release whose
   * tree or files threw, or the shell (`remote: 'shell'`): the message and the release's own stack
   * frames only, without query strings.
   */
  errors: z
    .array(
      z.object({
        remote: z.string().max(40),
        version: releaseVersion.optional(),
        channel: z.enum(['stable', 'canary']).optional(),
        message: z.string().min(1).max(RELEASE_ERROR_LIMITS.message),
        frames: z.array(z.string().max(RELEASE_ERROR_LIMITS.frame)).max(RELEASE_ERROR_LIMITS.frames),
      }),
    )
    .max(RELEASE_ERROR_LIMITS.perReport)
    .optional(),
});
export type ReleaseHealthEvent = z.infer<typeof releaseHealthInput>['events'][number];
export type ReleaseVitalsReport = NonNullable<z.infer<typeof releaseHealthInput>['vitals']>;
export type ReleaseErrorReport = NonNullable<z.infer<typeof releaseHealthInput>['errors']>[number];

/** The Web Vitals guard's judgement of a canary (server/src/releases/vitalsVerdict.ts). */
export interface VitalsGuardVerdict {
  /** waiting: too few page views on a side for every judged metric. */
  state: 'waiting' | 'healthy' | 'failing';
  /** How much worse than stable's p75 a canary's may be (0.2: 20 %). */
  margin: number;
  /** Page views each side needs with a metric before it is judged. */
  minSamples: number;
  /** The metrics judged (those with enough page views on both sides). */
  metrics: {
    metric: 'lcp' | 'inp';
    canary: number;
    stable: number;
    canarySamples: number;
    stableSamples: number;
    worse: boolean;
  }[];
}
