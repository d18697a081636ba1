/**
 * Panels almost no visitor ever sees, kept out of the shell's first load: the preview banner
 * (a staff browser previewing a release) and the development overlay (a remote served by its
 * development server on the local site). Each is fetched only once the registry says the page
 * needs it, and draws nothing until then.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { activePreviews, runsDevRemote, subscribeRemotes } from '../remotes/registry.ts';

const PreviewBanner = lazy(() => import('./PreviewBanner.tsx').then((m) => ({ default: m.PreviewBanner })));
const DevOverlay = lazy(() => import('./DevOverlay.tsx').then((m) => ({ default: m.DevOverlay })));

const previewing = () => activePreviews().length > 0;

export function PreviewBannerWhenPreviewing() {
  const shown = useSyncExternalStore(subscribeRemotes, previewing, () => false);
  return shown ? (
    <Suspense fallback={null}>
      <PreviewBanner />
    </Suspense>
  ) : null;
}

export function DevOverlayWhenDeveloping() {
  const shown = useSyncExternalStore(subscribeRemotes, runsDevRemote, () => false);
  return shown ? (
    <Suspense fallback={null}>
      <DevOverlay />
    </Suspense>
  ) : null;
}
