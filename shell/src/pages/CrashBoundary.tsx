/**
 * The last line: if the shell itself fails to render, the "other error" page of docs/product.md
 * with a link home (a plain link, since the router may be what broke) instead of a blank
 * page.
 */
import { Component, type ReactNode } from 'react';
import { ERROR_TEXT, ERROR_TITLE } from 'shared-ui';
import { reloadForChunkError } from '../remotes/chunkReload.ts';

export class CrashBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    if (!reloadForChunkError(error)) console.error('The shell failed', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="sh-error-page">
        <h1 className="sh-error-page__title">{ERROR_TITLE}</h1>
        <p className="sh-error-page__text">{ERROR_TEXT}</p>
        <a href="/" className="gw-button gw-button--primary">
          Przejdź na stronę główną
        </a>
      </main>
    );
  }
}
