/**
 * What the health report carries besides the releases' outcomes (health.ts), in a chunk of its own
 * fetched when the browser is idle after the first paint (or at the first error), so the first
 * load pays nothing for it:
 *
 * - the page view's Web Vitals, measured by `web-vitals` (LCP, INP, CLS, TTFB; each reported when
 *   final, `reportAllChanges` off). Loaded late, it still sees the whole page view: it reads the
 *   browser's buffered performance entries. They are sent once the page is hidden (sendBeacon,
 *   in the same send as anything else queued), attributed to the releases that drew the page
 *   view: those that loaded and did not fail since; again only if a value changed after that
 *   (CLS grows while the page is open), which the server stores over the first.
 * - the errors of this page load (errorReports.ts): each kind once, at most ERRORS_PER_PAGE,
 *   against the release whose tree or files threw, or the shell's own; sent with the next report.
 */
import { type Metric, onCLS, onINP, onLCP, onTTFB } from 'web-vitals';
import { describeError, ERROR_LIMITS, ERRORS_PER_PAGE, releaseBase } from './errorReports.ts';

type VitalName = 'lcp' | 'inp' | 'cls' | 'ttfb';

/** A release as health.ts names it (Module Federation name), with what was reported of it. */
interface RemoteRelease {
  name: string;
  version: string;
  channel: 'stable' | 'canary';
}
type Reported = RemoteRelease & { kind: string };

interface ErrorReport {
  remote: string;
  version?: string;
  channel?: 'stable' | 'canary';
  message: string;
  frames: string[];
}

/** health.ts: what this page reported, and how to send soon. */
let sent: ReadonlyMap<string, Reported> = new Map();
let sendSoon = () => {};
const vitals: Partial<Record<VitalName, number>> = {};
let vitalsChanged = false;
let errors: ErrorReport[] = [];
const seenErrors = new Set<string>();

function record(metric: Metric): void {
  vitals[metric.name.toLowerCase() as VitalName] = metric.value;
  vitalsChanged = true;
}

/** The releases that drew this page view: each loaded, and did not fail to load or render since. */
export function drewPage(): { remote: string; version: string; channel: 'stable' | 'canary' }[] {
  const drew = new Map<string, RemoteRelease>();
  for (const [key, release] of sent) {
    const id = key.slice(0, key.lastIndexOf(':'));
    if (release.kind === 'load') drew.set(id, release);
  }
  for (const [key, release] of sent) {
    if (release.kind === 'render' || release.kind === 'load-failed')
      drew.delete(key.slice(0, key.lastIndexOf(':')));
  }
  return [...drew.values()].map(({ name, version, channel }) => ({ remote: name, version, channel }));
}

/** What a report adds: the errors queued, and the vitals when the page is hidden and they changed. */
export function extraOfReport(hidden: boolean): object | undefined {
  const extra: { errors?: ErrorReport[]; vitals?: object } = {};
  if (errors.length > 0) {
    extra.errors = errors.slice(0, ERROR_LIMITS.perReport);
    errors = errors.slice(ERROR_LIMITS.perReport);
    if (errors.length > 0) sendSoon();
  }
  const releases = drewPage();
  if (hidden && vitalsChanged && releases.length > 0) {
    extra.vitals = { releases, ...vitals };
    vitalsChanged = false;
  }
  return extra.errors || extra.vitals ? extra : undefined;
}

/**
 * An error in `release`'s tree or files, or (null) one the shell threw: reported once per kind
 * and page load; a shell error with no frame of the shell's own files (an extension's, a
 * third-party script's) is nobody's here.
 */
export function addError(error: unknown, release: RemoteRelease | null): void {
  if (seenErrors.size >= ERRORS_PER_PAGE) return;
  const details = describeError(
    error,
    release ? releaseBase(release.name, release.version) : null,
    window.location.origin,
  );
  if (!details || (!release && details.frames.length === 0)) return;
  const key = `${release?.name}@${release?.version}\n${details.message}\n${details.frames[0] ?? ''}`;
  if (seenErrors.has(key)) return;
  seenErrors.add(key);
  errors.push(
    release
      ? { remote: release.name, version: release.version, channel: release.channel, ...details }
      : { remote: 'shell', ...details },
  );
  sendSoon();
}

/** Starts measuring (health.ts, once): returns what each report adds. */
export function startSignals(
  reported: ReadonlyMap<string, Reported>,
  soon: () => void,
): typeof extraOfReport {
  sent = reported;
  sendSoon = soon;
  onLCP(record);
  onINP(record);
  onCLS(record);
  onTTFB(record);
  // The send on hide must be listened for even on a page that reported nothing yet.
  soon();
  return extraOfReport;
}
