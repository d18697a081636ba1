/**
 * The body, collapsed to 384 px (docs/product.md) when taller, with an expand control; and the NSFW
 * cover for posts tagged #nsfw unless the viewer's setting or an override shows them.
 */
import { type ReactNode, Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { LIMITS, toast } from 'shared-api';
import { Button } from '../components/Button.tsx';
import { SafeHtml } from '../components/SafeHtml.tsx';
import { Spinner } from '../components/Spinner.tsx';

export const NSFW_GUEST_WARNING = 'Zaloguj się, aby zobaczyć treści dla dorosłych';

/** A body whose height is watched: the clipping box (`scrollHeight`), and what to tell. */
interface Watched {
  box: HTMLElement;
  onTall: (tall: boolean) => void;
}
const watched = new Map<Element, Watched>();
let bodies: ResizeObserver | undefined;

/**
 * One ResizeObserver for every collapsible body on the page. Its reports come once the browser has
 * laid the page out, before it paints: every body is read first, then every collapse is drawn in
 * one synchronous render (flushSync), so a tall body never paints uncollapsed and a list of cards
 * or comments is not laid out inside React's commit (reading a height there forces a layout that
 * the page's first paint then does again). Also what follows images and embeds growing a body.
 */
function watchBody(content: Element, body: Watched): () => void {
  bodies ??= new ResizeObserver((entries) => {
    const heights = entries.flatMap((entry) => {
      const found = watched.get(entry.target);
      return found ? [{ found, height: found.box.scrollHeight }] : [];
    });
    flushSync(() => {
      // Exactly the rule's threshold: a body one pixel taller than 384 px is collapsed.
      for (const { found, height } of heights) found.onTall(height > LIMITS.collapseHeightPx);
    });
  });
  watched.set(content, body);
  bodies.observe(content);
  return () => {
    watched.delete(content);
    bodies?.unobserve(content);
  };
}

export function CollapsibleBody({ children, collapse = true }: { children: ReactNode; collapse?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(false);
  const [open, setOpen] = useState(false);
  const id = useId();
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || !collapse) return;
    if (typeof ResizeObserver === 'undefined') {
      setTall(box.scrollHeight > LIMITS.collapseHeightPx);
      return;
    }
    return watchBody(box.firstElementChild ?? box, { box, onTall: setTall });
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
