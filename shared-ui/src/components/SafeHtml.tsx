/**
 * Renders server HTML (post bodies) after DOMPurify with a strict allowlist. The sanitiser loads
 * lazily: the first SafeHtml on a page suspends until it arrives (the nearest Suspense boundary
 * shows its fallback), later ones render at once.
 */
import { use, useMemo } from 'react';
import { loadSanitizer, sanitizeWith } from '../html/sanitize.ts';
import { cx } from './Button.tsx';

export interface SafeHtmlProps {
  html: string;
  as?: 'div' | 'span';
  className?: string;
  id?: string;
}

export function SafeHtml({ html, as: Tag = 'div', className, id }: SafeHtmlProps) {
  // Always through use(): a conditional call would change what React replays after a suspend.
  const purify = use(loadSanitizer());
  const clean = useMemo(() => sanitizeWith(purify, html), [purify, html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML was just sanitised by DOMPurify with an allowlist
  return <Tag id={id} className={cx('gw-html', className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
