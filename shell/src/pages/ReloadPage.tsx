import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from 'shared-ui';

/** Only a same-site path may be the target: `/x`, never `//evil.example` or `https://…`. */
export function reloadTarget(to: string | null): string {
  if (!to || !/^\/(?![/\\])/.test(to) || /^\/reload(?:[/?#]|$)/.test(to)) return '/';
  return to;
}

/** `/reload[?to=/path]`: a full page load of the app (see routes.tsx). */
export function ReloadPage() {
  const [params] = useSearchParams();
  const target = reloadTarget(params.get('to'));
  useEffect(() => {
    window.location.replace(target);
  }, [target]);
  return <Spinner block showLabel label="Przeładowywanie aplikacji…" />;
}
