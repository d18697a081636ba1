/**
 * The one toast box for the whole site (docs/product.md ); toasts hide themselves after
 * 3500 ms.
 */
import { toastStore, useToasts } from 'shared-api';
import { CloseIcon } from './icons.tsx';

export function Toasts() {
  const toasts = useToasts();
  return (
    <div className="sh-toasts" aria-live="polite" aria-relevant="additions">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`sh-toast sh-toast--${item.kind}`}
          role={item.kind === 'error' || item.kind === 'warning' ? 'alert' : 'status'}
        >
          <span className="sh-toast__text">{item.text}</span>
          <button
            type="button"
            className="gw-icon-button sh-toast__close"
            aria-label="Zamknij komunikat"
            onClick={() => toastStore.getState().dismiss(item.id)}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
