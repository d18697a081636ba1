/** Writing needs an account: guests get a way in instead of a form. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from 'shared-api';
import { EmptyState, Spinner } from 'shared-ui';

export function SignInFirst({ children, what }: { children: ReactNode; what: string }) {
  const session = useSession();
  if (session.status === 'loading') return <Spinner block />;
  if (session.status === 'guest') {
    return (
      <EmptyState
        title="Musisz się zalogować"
        text={what}
        action={
          <span className="gwp-links">
            <Link to="/login">Zaloguj się</Link> albo <Link to="/join">załóż konto</Link>
          </span>
        }
      />
    );
  }
  return <>{children}</>;
}
