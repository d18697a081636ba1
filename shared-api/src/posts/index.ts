/**
 * Posts as one resource: reads and query keys (posts.ts), writes (writes.ts), the thread and its
 * tree (thread.ts, tree.ts), and the vote and favourite queues (toggles.ts).
 */
export * from './posts.ts';
export * from './thread.ts';
export * from './toggles.ts';
export * from './writes.ts';
