/**
 * tree (thread.ts, tree.ts), and the vote and favourite queues (toggles.ts).
 */
export * from './posts.ts';
export * from './thread.ts';
export * from './toggles.ts';
