/** Types for node.mjs, imported by the browser tests' configuration (e2e/playwright.config.ts). */
export const SERVER_NODE_FLAGS: string[];
