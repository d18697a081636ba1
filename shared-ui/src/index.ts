/**
 * shared-ui: design tokens (import 'shared-ui/styles.css' once, in the shell), base components,
 * Polish time and plural helpers, and the quick-dialog API. Shared as a singleton by every app.
 * Post components live in `./post/` (owned by the feeds engineer) and are exported below.
 * What only some screens draw is a subpath module, bundled into the apps that use it and kept out
 * of every first load: the modal `Dialog` (`shared-ui/dialog`; its stack stays here) and the form
 * fields `TextField`, `TextArea` (`shared-ui/forms`), `LoadMore` (`shared-ui/load-more`) and
 * `SignInPrompt` (`shared-ui/sign-in-prompt`).
 */
export * from './components/Avatar.tsx';
export * from './components/Badge.tsx';
export * from './components/Button.tsx';
export * from './components/Card.tsx';
export * from './components/EmptyState.tsx';
export * from './components/ErrorPanel.tsx';
export * from './components/PresenceDot.tsx';
export * from './components/QueryState.tsx';
export * from './components/RelativeTime.tsx';
export * from './components/SafeHtml.tsx';
export * from './components/Spinner.tsx';
export * from './dialog/modalStack.ts';
export * from './dialog/quickDialog.ts';
export * from './hooks/useDrawnOnServer.ts';
export * from './hooks/useMediaQuery.ts';
export * from './hooks/useNow.ts';
export * from './hooks/useNsfwVisible.ts';
export { drawStoredHtmlAsIs, loadSanitizer, sanitizeHtml } from './html/sanitize.ts';
export * from './lib/files.ts';
export * from './lib/plural.ts';
export * from './lib/relativeTime.ts';
export * from './post/index.ts';
export * from './theme/theme.ts';
