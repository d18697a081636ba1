/** /add: write a titled post or a micropost; publish it or keep it as a draft. */
import { useNavigate } from 'react-router-dom';
import { toast } from 'shared-api';
import { useSaveDraft } from 'shared-api/drafts';
import { useCreatePost } from 'shared-api/post-writes';
import { SignInFirst } from './SignInFirst.tsx';
import { WriteForm } from './WriteForm.tsx';
import './post.css';

export default function AddPost() {
  const navigate = useNavigate();
  const create = useCreatePost();
  const save = useSaveDraft();
  return (
    <main className="gwp-page">
      <h1>Dodaj wpis</h1>
      <SignInFirst what="Pisać mogą tylko zalogowani użytkownicy.">
        <WriteForm
          initialKind="post"
          storagePrefix="add"
          onPublish={async (kind, data) => {
            const { post } = await create.mutateAsync({ kind, ...data });
            navigate(`/post/${post}`);
          }}
          onSaveDraft={async (data) => {
            const { post } = await save.mutateAsync(data);
            toast.success('Szkic został zapisany');
            navigate(`/draft/${post}`, { replace: true });
          }}
        />
      </SignInFirst>
    </main>
  );
}
