/**
 * Offline status (docs/product.md ): a banner while the browser is offline, a toast when it
 * is back.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { offlineCopyStore, toast } from 'shared-api';
import { useStore } from 'zustand';
import { OfflineIcon } from './icons.tsx';

function subscribe(notify: () => void) {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

/**
 * Online as the browser says and as the reads show: a read the service worker answered from its
 * offline copy means the network did not (shared-api `offlineCopyStore`).
 */
export function useOnline(): boolean {
  const browserOnline = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  const fromCopy = useStore(offlineCopyStore, (state) => state.fromCopy);
  return browserOnline && !fromCopy;
}

export function OfflineBanner() {
  const online = useOnline();
  const wasOffline = useRef(false);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      toast.success('Połączenie przywrócone');
    }
  }, [online]);
  if (online) return null;
  return (
    <div className="sh-offline" role="status">
      <OfflineIcon />
      <span>Jesteś offline. Sprawdź połączenie z internetem – spróbujemy ponownie, gdy wróci.</span>
    </div>
  );
}
