/**
 * The comment editors (writing a reply, editing a comment in place), loaded when someone starts
 * writing: the editor and the form schemas it validates with (zod) are the heaviest part of
 * mf-post, and a post opened to be read needs neither, so they stay out of the modal's first load
 * (building the schemas alone was one long task before the thread showed).
 */
import { type ComponentProps, lazy, Suspense } from 'react';
import { Spinner } from 'shared-ui';
import type { InlineEdit as EagerInlineEdit } from './InlineEdit.tsx';
import type { ReplyEditor as EagerReplyEditor } from './ReplyEditor.tsx';

const LazyReply = lazy(() => import('./ReplyEditor.tsx').then((module) => ({ default: module.ReplyEditor })));
const LazyInline = lazy(() => import('./InlineEdit.tsx').then((module) => ({ default: module.InlineEdit })));

export function ReplyEditor(props: ComponentProps<typeof EagerReplyEditor>) {
  return (
    <Suspense fallback={<Spinner block label="Wczytywanie edytora…" />}>
      <LazyReply {...props} />
    </Suspense>
  );
}

export function InlineEdit(props: ComponentProps<typeof EagerInlineEdit>) {
  return (
    <Suspense fallback={<Spinner label="Wczytywanie edytora…" />}>
      <LazyInline {...props} />
    </Suspense>
  );
}
