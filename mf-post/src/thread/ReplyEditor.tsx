/** A comment editor: to the main post or to a comment (`reply`). */
import { useCreatePost } from 'shared-api/post-writes';
import { Editor } from '../editor/Editor.tsx';

export function ReplyEditor({
  reply,
  onDone,
  onCancel,
  autoFocus = true,
}: {
  reply: number;
  onDone(post: number): void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const create = useCreatePost();
  return (
    <Editor
      kind="comment"
      storageKey={`reply:${reply}`}
      submitLabel="Wyślij komentarz"
      bodyLabel="Treść komentarza"
      autoFocus={autoFocus}
      onCancel={onCancel}
      onSubmit={async (data) => {
        const { post } = await create.mutateAsync({
          kind: 'comment',
          reply,
          body: data.body,
          files: data.files,
        });
        onDone(post);
      }}
    />
  );
}
