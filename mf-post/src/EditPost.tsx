/** /edit?post=ID: the author edits a post (post_edit loads it as written, post_update saves). */
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'shared-api';
import { usePostSource, useUpdatePost } from 'shared-api/post-writes';
import { EmptyState, ErrorPanel, Spinner } from 'shared-ui';
import { Editor } from './editor/Editor.tsx';
import { serverError } from './editor/validate.ts';
import { SignInFirst } from './SignInFirst.tsx';
import './post.css';

function EditForm({ id }: { id: number }) {
  const navigate = useNavigate();
  const source = usePostSource(id);
  const update = useUpdatePost();
  if (source.status === 'pending') return <Spinner block label="Wczytywanie wpisu…" showLabel />;
  if (source.status === 'error') {
    const text = serverError(source.error).text;
    return text === null ? (
      <EmptyState title="Nie znaleziono wpisu" text="Ten wpis nie istnieje albo został usunięty." />
    ) : (
      <ErrorPanel title={text} onRetry={() => void source.refetch()} />
    );
  }
  const data = source.data;
  if (data.mode === 'draft') return <Navigate to={`/draft/${id}`} replace />;
  return (
    <Editor
      kind={data.kind}
      storageKey={`edit:${id}`}
      initial={{
        title: data.title ?? '',
        url: data.url ?? '',
        body: data.body,
        files: data.files.map((file) => ({ file, cdn: '' })),
      }}
      submitLabel="Zapisz zmiany"
      autoFocus
      onCancel={() => navigate(-1)}
      onSubmit={async (values) => {
        await update.mutateAsync({ post: id, ...values });
        toast.success('Zmiany zostały zapisane');
        if (data.parent === null) navigate(`/post/${id}`, { replace: true });
        else navigate(-1);
      }}
    />
  );
}

export default function EditPost() {
  const [search] = useSearchParams();
  const id = Number(search.get('post'));
  return (
    <main className="gwp-page">
      <h1>Edytuj wpis</h1>
      <SignInFirst what="Edytować wpisy może tylko ich autor.">
        {Number.isInteger(id) && id > 0 ? (
          <EditForm key={id} id={id} />
        ) : (
          <EmptyState title="Nie znaleziono wpisu" />
        )}
      </SignInFirst>
    </main>
  );
}
