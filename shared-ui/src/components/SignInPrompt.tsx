/**
 * `shared-ui/sign-in-prompt`: only screens that need an account draw it (no guest's first screen),
 * so this is bundled into the apps that have them, out of every first load.
 */
import { Link } from 'react-router-dom';
import { EmptyState } from 'shared-ui';

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
