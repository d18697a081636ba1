/**
 * The body, collapsed to 384 px (docs/product.md) when taller, with an expand control; and the NSFW
 * cover for posts tagged #nsfw unless the viewer's setting or an override shows them.
 */
import { type ReactNode, Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import { LIMITS, toast } from 'shared-api';
import { Button } from '../components/Button.tsx';
import { SafeHtml } from '../components/SafeHtml.tsx';
import { Spinner } from '../components/Spinner.tsx';

export const NSFW_GUEST_WARNING = 'Zaloguj się, aby zobaczyć treści dla dorosłych';

export function CollapsibleBody({ children, collapse = true }: { children: ReactNode; collapse?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(false);
  const [open, setOpen] = useState(false);
  const id = useId();
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node || !collapse) return;
    // Exactly the rule's threshold: a body one pixel taller than 384 px is collapsed.
    const measure = () => setTall(node.scrollHeight > LIMITS.collapseHeightPx);
    measure();
    // Images and embeds grow the body after the first paint.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(node.firstElementChild ?? node);
    return () => observer?.disconnect();
  }, [collapse]);
  const collapsed = collapse && tall && !open;
  return (
    <div className="gw-post__content">
      <div
        id={id}
        ref={ref}
        className={collapsed ? 'gw-post__collapsed' : undefined}
        style={collapsed ? { maxHeight: LIMITS.collapseHeightPx } : undefined}
      >
        <div>{children}</div>
      </div>
      {collapse && tall && (
        <button
          type="button"
          className="gw-post__expand"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Zwiń' : 'Rozwiń całość'}
        </button>
      )}
    </div>
  );
}

export function BodyHtml({ html }: { html: string }) {
  if (!html) return null;
  return (
    <Suspense fallback={<Spinner />}>
      <SafeHtml html={html} className="gw-post__body" />
    </Suspense>
  );
}

export function NsfwCover({ guest, onReveal }: { guest: boolean; onReveal: () => void }) {
  return (
    <div className="gw-nsfw">
      <p className="gw-nsfw__text">Treść dla dorosłych (#nsfw)</p>
      <Button
        variant="secondary"
        size="small"
        onClick={() => {
          if (guest) toast.warning(NSFW_GUEST_WARNING);
          else onReveal();
        }}
      >
        Pokaż
      </Button>
    </div>
  );
}
