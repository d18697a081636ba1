/** /add: write a titled post or a micropost; publish it or keep it as a draft. */
import { useNavigate } from 'react-router-dom';
import { postKeys, queryClient, toast } from 'shared-api';
import { draftKeys, saveDraft } from 'shared-api/drafts';
import { createPost } from 'shared-api/post-writes';
import { SignInFirst } from './SignInFirst.tsx';
import { WriteForm } from './WriteForm.tsx';
import './post.css';

export default function AddPost() {
  const navigate = useNavigate();
  return (
    <main className="gwp-page">
      <h1>Dodaj wpis</h1>
      <SignInFirst what="Pisać mogą tylko zalogowani użytkownicy.">
        <WriteForm
          initialKind="post"
          storagePrefix="add"
          onPublish={async (kind, data) => {
            const { post } = await createPost({ kind, ...data });
            await queryClient.invalidateQueries({ queryKey: postKeys.all });
            navigate(`/post/${post}`);
          }}
          onSaveDraft={async (data) => {
            const { post } = await saveDraft(data);
            await queryClient.invalidateQueries({ queryKey: draftKeys.all });
            toast.success('Szkic został zapisany');
            navigate(`/draft/${post}`, { replace: true });
          }}
        />
      </SignInFirst>
    </main>
  );
}
