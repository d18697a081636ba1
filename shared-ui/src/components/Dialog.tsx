/**
 * An accessible modal: role=dialog with aria-modal, labelled by its title, focus moved inside on
 * open and kept there (Tab and Shift+Tab wrap), Escape closes, focus returns to where it was.
 * Open dialogs form a stack so Escape and the trap act on the top one only (`modalStack`, in
 * shared-ui's entry: this module is `shared-ui/dialog`, bundled into each app that draws a dialog,
 * and takes the entry's stateless parts from 'shared-ui' too rather than a copy of its own).
 */
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx, IconButton, modalStack } from 'shared-ui';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, audio[controls], video[controls], [contenteditable]:not([contenteditable="false"]), [tabindex]:not([tabindex="-1"])';

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true',
  );
}

export interface ModalDialogProps {
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Keeps the title for screen readers only (e.g. a lightbox). */
  hideTitle?: boolean;
  children: ReactNode;
  size?: 'normal' | 'wide' | 'full';
  /** What gets focus on open; the first focusable element otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Click on the dimmed backdrop closes (default true). */
  closeOnBackdrop?: boolean;
  className?: string;
  closeLabel?: string;
}

export function Dialog({ open = true, ...props }: ModalDialogProps) {
  if (!open || typeof document === 'undefined') return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({
  onClose,
  title,
  hideTitle,
  children,
  size = 'normal',
  initialFocusRef,
  closeOnBackdrop = true,
  className,
  closeLabel = 'Zamknij',
}: Omit<ModalDialogProps, 'open'>) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    const panel = panelRef.current!;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    modalStack.open(panel);
    const first = initialFocusRef?.current ?? focusableIn(panel)[0] ?? panel;
    first.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!modalStack.isTop(panel)) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(panel);
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || active === panel || !panel.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !panel.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    // Focus that escapes (a click on the page behind, a script) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (!modalStack.isTop(panel)) return;
      if (event.target instanceof Node && !panel.contains(event.target)) panel.focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      modalStack.close(panel);
      if (previous?.isConnected) previous.focus();
    };
  }, [initialFocusRef]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer convenience only; keyboard users close with Escape (document listener) or the close button
    // biome-ignore lint/a11y/useKeyWithClickEvents: same as above
    <div
      className={cx('gw-dialog-backdrop', size === 'full' && 'gw-dialog-backdrop--full')}
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (closeOnBackdrop && pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className={cx(
          'gw-dialog',
          size === 'wide' && 'gw-dialog--wide',
          size === 'full' && 'gw-dialog--full',
          className,
        )}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className={hideTitle ? 'gw-visually-hidden' : 'gw-dialog__header'}>
          <h2 id={titleId} className="gw-dialog__title">
            {title}
          </h2>
          {!hideTitle && (
            <IconButton label={closeLabel} onClick={onClose}>
              <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </IconButton>
          )}
        </div>
        <div className="gw-dialog__body">{children}</div>
      </div>
    </div>
  );
}
