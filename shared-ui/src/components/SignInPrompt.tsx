import { Link } from 'react-router-dom';
import { EmptyState } from './EmptyState.tsx';

/** What a guest sees on a screen that needs an account: why, and a way to sign in. */
export function SignInPrompt({ title = 'Zaloguj się', text }: { title?: string; text: string }) {
  return (
    <EmptyState
      title={title}
      text={text}
      action={
        <Link className="gw-button gw-button--primary" to="/login">
          Zaloguj się
        </Link>
      }
    />
  );
}
