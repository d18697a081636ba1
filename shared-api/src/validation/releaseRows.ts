/**
 * The rows of the release registry's reads (`GET /api/release_*`, `GET /api/releases`): the admin
 * page's and the release CLI's. Part of the read contract (reads.ts); types only.
 */
import type { RemoteDir } from '../routes.ts';
import type { VitalsGuardVerdict } from './release.ts';
import type { ReleaseLogAction } from './words.ts';

export interface HealthCounts {
  loads: number;
  failures: number;
}

/** What the health guard concluded about a running canary, and where its rollout stands. */
export interface ReleaseVerdict {
  /** waiting for page loads; healthy; worse than stable but not clearly (suspect); failing (rolled back) */
  state: 'waiting' | 'healthy' | 'suspect' | 'failing';
  /** The guard's own words, with the figures (English, as the release log and the CLI have them). */
  reason: string;
  canary: HealthCounts;
  stable: HealthCounts;
  /** The exact test's p-value, when the canary fails noticeably more often than stable. */
  p?: number;
  minSamples: number;
  minFailures: number;
  step: RolloutStep | null;
  /** The Web Vitals guard's words, or null when it is off for the remote (RELEASE_VITALS_GUARD). */
  vitals?: string | null;
  /** The same judgement's figures, for the admin page's words; null when the guard is off. */
  vitalsGuard?: VitalsGuardVerdict | null;
}

/** Where a progressive rollout stands, as the guard saw it (server/src/releases/rollout.ts). */
export interface RolloutStep {
  /** 1-based step and the number of steps. */
  step: number;
  of: number;
  percent: number;
  /** The share after this step (100: the promotion), or null at the last. */
  next: number | null;
  /** Page loads of the canary since this step began, and how many a step needs. */
  loads: number;
  needLoads: number;
  /** When the pause ends (ISO); the step moves then if it is healthy and had its loads. */
  pauseEnds: string;
  /** Why the step does not move although its pause is over. */
  holding: string | null;
}

export interface ReleaseChannelRow {
  remote: RemoteDir;
  stable: string;
  canary: string | null;
  percent: number;
  canary_started: string | null;
  updated: string;
  stable_loads: number;
  stable_failures: number;
  canary_loads: number;
  canary_failures: number;
  /** A progressive rollout's shares (the last is 100, the promotion), or null for a canary moved by hand. */
  steps: number[] | null;
  pause_seconds: number | null;
  step_started: string | null;
  /** The health guard's last verdict on the running canary (server/src/releases/health.ts). */
  verdict: ReleaseVerdict | null;
  verdict_at: string | null;
  /** p75 of each Web Vital over the guard's window (server/src/releases/vitals.ts). */
  stable_vitals: ReleaseVitals;
  canary_vitals: ReleaseVitals | null;
}

/**
 * The 75th percentile of a release's page views' Web Vitals and how many page views had each:
 * LCP, INP and TTFB in milliseconds, CLS a score; null without any.
 */
export interface ReleaseVitals {
  lcp: number | null;
  lcp_n: number;
  inp: number | null;
  inp_n: number;
  cls: number | null;
  cls_n: number;
  ttfb: number | null;
  ttfb_n: number;
}

/**
 * One kind of error of a release (or of the shell, `remote: 'shell'`), as browsers reported it
 * (server/src/releases/errors.ts): the message and the release's own stack frames.
 */
export interface ReleaseErrorRow {
  remote: RemoteDir | 'shell';
  version: string;
  message: string;
  /** `name /mf/<remote>@<version>/…js:line:column`, at most ten, the innermost first. */
  frames: string[];
  count: number;
  first_seen: string;
  last_seen: string;
}

/** A running canary's page loads in one minute, for canary or stable (the admin page's chart). */
export interface ReleaseHealthMinute {
  remote: RemoteDir;
  minute: string;
  channel: 'stable' | 'canary';
  version: string;
  loads: number;
  failures: number;
}

export interface ReleaseRow {
  remote: RemoteDir;
  version: string;
  digest: string;
  /** Where its files are in the release store (`<remote>/<version>/<digest>`). */
  prefix: string;
  files: number;
  bytes: number;
  /** The remote's shared singletons: name → version. */
  shared: Record<string, string>;
  exposes: string[];
  actor: string;
  created: string;
  channel: 'stable' | 'canary' | null;
}

export interface ReleaseLogRow {
  id: number;
  remote: RemoteDir;
  action: ReleaseLogAction;
  from: string | null;
  to: string | null;
  percent: number | null;
  actor: string;
  reason: string | null;
  created: string;
}

export interface ReleaseTokenRow {
  id: number;
  name: string;
  remotes: RemoteDir[];
  created: string;
  created_by: string | null;
  expires: string | null;
  revoked: string | null;
  last_used: string | null;
}

/** A member of a remote's team: may open its preview links (server/src/releases/members.ts). */
export interface ReleaseMemberRow {
  remote: RemoteDir;
  username: string;
  added_by: string | null;
  created: string;
}
