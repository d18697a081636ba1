/** Editing a comment in place: the text as written comes from post_edit, saved by post_update. */
import type { Post } from 'shared-api';
import { usePostSource, useUpdatePost } from 'shared-api/post-writes';
import { ErrorPanel, Spinner } from 'shared-ui';
import { Editor } from '../editor/Editor.tsx';

export function InlineEdit({ post, onDone }: { post: Post; onDone(): void }) {
  const source = usePostSource(post.post);
  const update = useUpdatePost();
  if (source.status === 'pending') return <Spinner label="Wczytywanie treści…" />;
  if (source.status === 'error') return <ErrorPanel onRetry={() => void source.refetch()} />;
  return (
    <Editor
      kind={source.data.kind}
      storageKey={`edit:${post.post}`}
      initial={{
        title: source.data.title ?? '',
        url: source.data.url ?? '',
        body: source.data.body,
        files: post.files,
      }}
      submitLabel="Zapisz zmiany"
      bodyLabel="Treść komentarza"
      autoFocus
      onCancel={onDone}
      onSubmit={async (data) => {
        await update.mutateAsync({ post: post.post, ...data });
        onDone();
      }}
    />
  );
}
