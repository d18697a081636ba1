/**
 * The development overlay: on the local site, while a remote's development server has
 * a build that failed, its compiler errors over the page, until the next good save replaces them
 * with the new build (shell/src/remotes/devRemote.ts). Draws nothing otherwise, and never on a
 * deployed site (no development server in its registry).
 */
import { useSyncExternalStore } from 'react';
import { devBuildFailure, subscribeDevBuild } from '../remotes/devRemote.ts';

export function DevOverlay() {
  const failure = useSyncExternalStore(subscribeDevBuild, devBuildFailure, () => null);
  if (!failure) return null;
  return (
    <section className="gw-dev-overlay" role="alert" aria-labelledby="gw-dev-overlay-title">
      <h2 id="gw-dev-overlay-title">Błąd kompilacji {failure.remote}</h2>
      <p>Popraw błąd i zapisz plik: strona wczyta poprawioną wersję sama, bez przeładowania.</p>
      <pre>{failure.errors.join('\n\n')}</pre>
    </section>
  );
}
