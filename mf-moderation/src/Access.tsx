/** The pages' role gate. The server checks the role on every call; this only explains the screen. */
import type { ReactNode } from 'react';
import { hasRole, useSession } from 'shared-api';
import { EmptyState, Spinner } from 'shared-ui';
import { SignInPrompt } from 'shared-ui/sign-in-prompt';

export function RequireRole({
  need,
  deniedText,
  children,
}: {
  need: 'moderator' | 'admin';
  /** What a signed-in user without the role reads (default: the reports' text). */
  deniedText?: string;
  children: ReactNode;
}) {
  const session = useSession();
  if (session.status === 'loading') return <Spinner block />;
  if (session.status === 'guest') {
    return <SignInPrompt title="Brak dostępu" text="Zaloguj się na konto z uprawnieniami moderatora." />;
  }
  if (!hasRole(session.user, need)) {
    return (
      <EmptyState
        title="Brak dostępu"
        text={
          deniedText ??
          (need === 'admin'
            ? 'Zamknięte zgłoszenia widzą tylko administratorzy.'
            : 'Otwarte zgłoszenia widzą tylko moderatorzy.')
        }
      />
    );
  }
  return <>{children}</>;
}
