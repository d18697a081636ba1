/**
 * The live connection (shared-api/src/live.ts, server/src/http/live.ts): while signed in, one
 * EventSource to /api/live (liveConnection.ts, loaded then). Until it is open, and whenever it is
 * down or its chunk cannot be loaded, screens poll at their usual pace.
 */
import { useEffect } from 'react';
import { useSession } from 'shared-api';

export function useLiveEvents(): void {
  const { status } = useSession();
  useEffect(() => {
    if (status !== 'user' || typeof EventSource === 'undefined') return;
    let close: (() => void) | undefined;
    let left = false;
    import(/* webpackChunkName: "live" */ './liveConnection.ts')
      .then(({ connectLive }) => {
        if (!left) close = connectLive();
      })
      .catch(() => {
        // Offline, or a new build replaced the files: the screens' own polling goes on.
      });
    return () => {
      left = true;
      close?.();
    };
  }, [status]);
}
