import { Navigate, useParams } from 'react-router-dom';
import { NotFoundPage } from './NotFoundPage.tsx';

/** `/z/123` → `/post/123`; `/z` → home; anything else is not a short link (see routes.tsx). */
export function ShortLinkPage() {
  const { code } = useParams();
  if (code === undefined) return <Navigate to="/" replace />;
  if (/^[1-9]\d{0,9}$/.test(code)) return <Navigate to={`/post/${code}`} replace />;
  return <NotFoundPage />;
}
