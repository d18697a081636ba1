/** /draft/{post}: reopen a draft, save it again (draft_upsert) or publish it (post_create). */
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'shared-api';
import { useDraft, useSaveDraft } from 'shared-api/drafts';
import { useCreatePost } from 'shared-api/post-writes';
import { EmptyState, ErrorPanel, Spinner } from 'shared-ui';
import { SignInFirst } from './SignInFirst.tsx';
import { WriteForm } from './WriteForm.tsx';
import './post.css';

function DraftEditor({ id }: { id: number }) {
  const navigate = useNavigate();
  const draft = useDraft(id);
  const create = useCreatePost();
  const save = useSaveDraft();
  if (draft.status === 'pending') return <Spinner block label="Wczytywanie szkicu…" showLabel />;
  if (draft.status === 'error') return <ErrorPanel onRetry={() => void draft.refetch()} />;
  if (!draft.data)
    return (
      <EmptyState title="Nie znaleziono szkicu" text="Ten szkic został już opublikowany albo nie istnieje." />
    );
  const data = draft.data;
  return (
    <WriteForm
      initialKind={data.title ? 'post' : 'micro'}
      storagePrefix={`draft:${id}`}
      initial={{ title: data.title ?? '', url: data.url ?? '', body: data.body, files: data.files }}
      onPublish={async (kind, values) => {
        await create.mutateAsync({ kind, draft: id, ...values });
        navigate(`/post/${id}`, { replace: true });
      }}
      onSaveDraft={async (values) => {
        await save.mutateAsync({ post: id, ...values });
        toast.success('Szkic został zapisany');
      }}
    />
  );
}

export default function Draft() {
  const params = useParams();
  const id = Number(params.post);
  return (
    <main className="gwp-page">
      <h1>Szkic</h1>
      <SignInFirst what="Szkice mają tylko zalogowani użytkownicy.">
        {Number.isInteger(id) && id > 0 ? (
          <DraftEditor key={id} id={id} />
        ) : (
          <EmptyState title="Nie znaleziono szkicu" />
        )}
      </SignInFirst>
    </main>
  );
}
