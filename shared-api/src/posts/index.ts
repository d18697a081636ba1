/**
 * Posts as one resource: reads and query keys (posts.ts), the thread and its tree (thread.ts,
 * tree.ts), and the vote and favourite queues (toggles.ts). Writes are the subpath module
 * `shared-api/post-writes` (writes.ts): only mf-post uses them.
 */
export * from './posts.ts';
export * from './thread.ts';
export * from './toggles.ts';
