/**
 * A JSON data block: never run as a script (so the CSP's script rules do not apply), and `<` is
 * written as `\u003c` so no value can close the element.
 */
export function inlineJson(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script id="${id}" type="application/json">${json}</script>`;
}
