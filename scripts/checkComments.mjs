/**
 * `npm test`'s comment check: what a comment cites must be in the repository, so that a reader
 * can follow it. It reads the comments of every source file (ts, tsx, mjs, cjs, sql, yml; in
 * tests also the strings, for their titles; md: every line) and fails on a line that
 *  - names a path that does not exist: `server/src/app.ts`; `./lib.mjs` from the file's folder;
 *    `read/posts.ts` from the file's folder, one of its parents or a package's `src/`; a bare
 *    `words.ts` (some file must have that name); a folder `server/src/releases/`. A markdown
 *    file's `#anchor` must be one of its headings. Paths in markdown's fenced blocks are not
 *    checked (commands and trees, relative to wherever they run), nor what a build writes
 *    (.gitignore);
 *  - cites a section by number, unless right after a markdown file of the repository that has a
 *    section so numbered (`bench/README.md` then the section) or after an RFC's number: the
 *    product's rules are in docs/product.md, cited by anchor (`docs/product.md#5-input-rules`)
 *    or by rule id (R-5.1);
 *  - cites an issue by number: say what the code does and why instead.
 * Every rule id named (R-5.1) must be a rule of docs/product.md.
 *
 * Prints one `file:line: problem` line each, then a count; exits 1 on any. With file arguments,
 * checks only those (`node scripts/checkComments.mjs server/src/app.ts`).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { root, sourceFiles } from './lib.mjs';

const CHECKED = /\.(ts|tsx|mts|mjs|cjs|sql|ya?ml|md)$/;
/** A bare file name with one of these extensions must be some file's name ("Node.js" is not a file). */
const BARE_NAME = /^[\w.-]+\.(ts|tsx|mts|mjs|cjs|sql|ya?ml|md)$/;
/** A path with a slash ending in one of these is a file, wherever it is said to be. */
const FILE_EXT = /\.(ts|tsx|mts|mjs|cjs|js|json|sql|ya?ml|md|css|html|conf|sh|service|d\.mts)$/;
/** What cannot be in a real path, only in a pattern: `rpc/<area>/<verb>.ts`, `{name}`, `*`, `NNNN_name.sql`. */
const PLACEHOLDER = /[<>{}*…$]/;
const PLACEHOLDER_WORD = /NNN|XXX/;
const PRODUCT_DOC = 'docs/product.md';

const allFiles = sourceFiles(['.']);
const baseNames = new Set(allFiles.map((file) => path.basename(file)));
const topLevel = [
  ...new Set(allFiles.filter((file) => file.includes('/')).map((file) => file.split('/')[0])),
];
/** What a build or a run writes (.gitignore): named in comments, never in the repository. */
const generated = readFileSync(path.join(root, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#') && !line.includes('*'));
const isGenerated = (token) =>
  generated.some((entry) =>
    entry.replace(/\/$/, '').includes('/')
      ? token === entry.replace(/\/$/, '') || token.startsWith(entry.endsWith('/') ? entry : `${entry}/`)
      : token.split('/').includes(entry.replace(/\/$/, '')),
  );
/**
 * Migrations that have landed are never edited (server/src/db/migrate.ts refuses to start on a
 * changed checksum, comments included), so what their comments cite stays as written. A new
 * migration is checked like any file.
 */
const LANDED_MIGRATIONS = 21;
const isLandedMigration = (file) => {
  const number = /^server\/migrations\/(\d{4})_/.exec(file)?.[1];
  return number !== undefined && Number(number) <= LANDED_MIGRATIONS;
};

const files = (process.argv.length > 2 ? process.argv.slice(2) : sourceFiles(['.']))
  .map((file) => path.relative(root, path.resolve(root, file)))
  .filter((file) => CHECKED.test(file) && !isLandedMigration(file) && existsSync(path.join(root, file)))
  .sort();

// ---- comments ------------------------------------------------------------------------------------

/**
 * Each line of comment text in a JavaScript or TypeScript source, with its line number; with
 * `strings`, string literals too (`literal: true`): a test's title is what a reader sees of it.
 */
function scriptComments(source, strings = false) {
  const out = [];
  const n = source.length;
  let i = 0;
  let line = 1;
  let last = ''; // the last significant character outside comments, strings and templates
  let word = ''; // the last word, for `return /regex/`
  const braces = []; // 'code' or 'template' for each open `{` or `${`
  const comment = (text, at) => {
    for (const [k, part] of text.split('\n').entries()) out.push({ line: at + k, text: part });
  };
  const skipTemplate = () => {
    // from inside a template literal to its end, or into a `${` (then back in code)
    if (strings)
      out.push({ line, text: source.slice(i, source.slice(i).search(/`|\$\{|$/) + i), literal: true });
    while (i < n) {
      const c = source[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        i++;
        last = '`';
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        braces.push('template');
        i += 2;
        last = '{';
        return;
      } else {
        if (c === '\n') line++;
        i++;
      }
    }
  };
  while (i < n) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '\n') {
      line++;
      i++;
    } else if (c === ' ' || c === '\t' || c === '\r') {
      i++;
    } else if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i) === -1 ? n : source.indexOf('\n', i);
      comment(source.slice(i + 2, end), line);
      i = end;
    } else if (c === '/' && next === '*') {
      const close = source.indexOf('*/', i + 2);
      const end = close === -1 ? n : close;
      const text = source.slice(i + 2, end);
      comment(text, line);
      line += text.split('\n').length - 1;
      i = end + 2;
    } else if (c === '"' || c === "'") {
      // A string ends at its quote or, in broken code or JSX text ("it's"), at the line's end.
      const start = ++i;
      while (i < n && source[i] !== c && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      if (strings) out.push({ line, text: source.slice(start, i), literal: true });
      if (source[i] === c) i++;
      last = c;
    } else if (c === '`') {
      i++;
      skipTemplate();
    } else if (
      c === '/' &&
      (/[(,=:[!&|?{};+\-*%>~^]/.test(last) ||
        last === '' ||
        /^(return|typeof|case|do|else|in|of|void|yield|await|delete|throw|new)$/.test(word))
    ) {
      // A regular expression literal (`</` closes a JSX element: not one).
      i++;
      let inClass = false;
      while (i < n && source[i] !== '\n') {
        const r = source[i];
        if (r === '\\') i++;
        else if (r === '[') inClass = true;
        else if (r === ']') inClass = false;
        else if (r === '/' && !inClass) break;
        i++;
      }
      if (source[i] === '/') i++;
      while (/[a-z]/.test(source[i] ?? '')) i++;
      last = '/';
      word = '';
    } else if (c === '{') {
      braces.push('code');
      last = c;
      i++;
    } else if (c === '}') {
      i++;
      if (braces.pop() === 'template') skipTemplate();
      else last = c;
    } else if (/[\w$]/.test(c)) {
      const start = i;
      while (i < n && /[\w$]/.test(source[i])) i++;
      word = source.slice(start, i);
      last = 'a';
    } else {
      last = c;
      word = '';
      i++;
    }
  }
  return out;
}

/** `--` and block comments of SQL, outside string literals. */
function sqlComments(source) {
  const out = [];
  let inBlock = false;
  source.split('\n').forEach((text, index) => {
    let rest = text;
    let found = '';
    if (inBlock) {
      const close = rest.indexOf('*/');
      if (close === -1) {
        out.push({ line: index + 1, text: rest });
        return;
      }
      found += rest.slice(0, close);
      rest = rest.slice(close + 2);
      inBlock = false;
    }
    const code = rest.replace(/'(?:[^']|'')*'/g, (s) => ' '.repeat(s.length));
    const dash = code.indexOf('--');
    const open = code.indexOf('/*');
    if (dash !== -1 && (open === -1 || dash < open)) found += ` ${rest.slice(dash + 2)}`;
    else if (open !== -1) {
      const close = code.indexOf('*/', open + 2);
      found += ` ${rest.slice(open + 2, close === -1 ? undefined : close)}`;
      inBlock = close === -1;
    }
    if (found.trim()) out.push({ line: index + 1, text: found });
  });
  return out;
}

/** `#` comments of YAML, outside quotes. */
function yamlComments(source) {
  const out = [];
  source.split('\n').forEach((text, index) => {
    const code = text.replace(/'[^']*'|"(?:[^"\\]|\\.)*"/g, (s) => ' '.repeat(s.length));
    const hash = code.search(/(^|\s)#/);
    if (hash !== -1) out.push({ line: index + 1, text: text.slice(hash) });
  });
  return out;
}

/**
 * Markdown: every line. Inside fenced code blocks only `§N` and issue numbers are looked for: a
 * block's paths are commands and trees, relative to wherever they run.
 */
function markdownLines(source) {
  const out = [];
  let fenced = false;
  source.split('\n').forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    else out.push({ line: index + 1, text, fenced });
  });
  return out;
}

function commentsOf(file, source) {
  if (file.endsWith('.md')) return markdownLines(source);
  if (file.endsWith('.sql')) return sqlComments(source);
  if (/\.ya?ml$/.test(file)) return yamlComments(source);
  return scriptComments(source, /\.(test|spec)\.tsx?$/.test(file));
}

// ---- what a comment may name ------------------------------------------------------------------

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const markdownCache = new Map();
/** A markdown file's anchors, its numbered sections (`## 12. …`) and its rule ids (`R-5.1`). */
function markdownOf(file) {
  if (!markdownCache.has(file)) {
    const anchors = new Set();
    const sections = new Set();
    const rules = new Set();
    for (const { text, fenced } of markdownLines(readFileSync(path.join(root, file), 'utf8'))) {
      if (fenced) continue;
      const heading = /^#{1,6}\s+(.*)$/.exec(text);
      if (heading) {
        anchors.add(slug(heading[1]));
        const number = /^(?:§\s*)?(\d+)\./.exec(heading[1]);
        if (number) sections.add(number[1]);
      }
      for (const id of text.matchAll(/<a\s+id="([^"]+)"/g)) anchors.add(id[1]);
      const rule = /^\s*[-*]\s+\*\*(R-\d+\.\d+)\*\*/.exec(text);
      if (rule) rules.add(rule[1]);
    }
    markdownCache.set(file, { anchors, sections, rules });
  }
  return markdownCache.get(file);
}

/** Workspace packages' exported subpaths: `shared-ui/styles.css` is a name an import uses. */
const exported = new Set(
  topLevel.flatMap((top) => {
    const file = path.join(root, top, 'package.json');
    if (!existsSync(file)) return [];
    const { name, exports } = JSON.parse(readFileSync(file, 'utf8'));
    return exports && typeof exports === 'object'
      ? Object.keys(exports).map((key) => path.join(name, key))
      : [];
  }),
);

const isFile = (relative) => {
  if (relative.startsWith('..') || path.isAbsolute(relative)) return false;
  const full = path.join(root, relative);
  return existsSync(full) && (!relative.endsWith('/') || statSync(full).isDirectory());
};

/** The repository path `token` names from `file`, or null when it names nothing there. */
function resolve(token, file) {
  const dir = path.dirname(file);
  if (token.startsWith('./') || token.startsWith('../')) {
    const relative = path.join(dir, token) + (token.endsWith('/') ? '/' : '');
    if (isFile(relative)) return relative;
    // Prose may quote an import as written in its package (`./lib.mjs`, of scripts/).
    if (!file.endsWith('.md') || token.startsWith('../')) return null;
    token = token.slice(2);
  }
  const suffix = token.endsWith('/') ? '/' : '';
  // From the file's folder up to the root: `read/posts.ts` in server/src/postgrest/ is server/src/read/posts.ts.
  for (let at = dir; ; at = path.dirname(at)) {
    const relative = path.join(at, token) + suffix;
    if (isFile(relative)) return relative;
    if (at === '.' || at === '') break;
  }
  // Or from a package of the workspace: `db/index.ts` in a README is server/src/db/index.ts.
  for (const top of topLevel) {
    for (const relative of [path.join(top, token) + suffix, path.join(top, 'src', token) + suffix])
      if (isFile(relative)) return relative;
  }
  return null;
}

/** Whether a token with a slash is meant as a repository path (not a MIME type, a URL or a package). */
function looksLikePath(token, file) {
  if (token.startsWith('./') || token.startsWith('../')) return FILE_EXT.test(token) || token.endsWith('/');
  if (FILE_EXT.test(token)) return true;
  // A folder: only when it starts at a top-level folder of the repository, or the file's own.
  const first = token.split('/')[0];
  return (
    token.endsWith('/') &&
    (topLevel.includes(first) || existsSync(path.join(root, path.dirname(file), first)))
  );
}

const PATH_TOKEN = /(?<![\w@.:/-])(?:\.{1,2}\/)?[\w@.-]+(?:\/[\w@.-]+)*\/?(?:#[\w-]+)?/g;

const issues = (text) => [...text.matchAll(/\bissues?\s+#?\d+/gi)].map((match) => `cites ${match[0]}`);

/** `citationsOnly`: a fenced block's line or a test's string, where a path may be anything. */
function problemsOf(file, text, citationsOnly) {
  const problems = [];
  const cited = []; // [end, mdFile] of markdown files named on this line, for `§N` after them
  for (const match of citationsOnly ? [] : text.matchAll(PATH_TOKEN)) {
    let [token] = match;
    const after = text[match.index + token.length] ?? '';
    const before = text[match.index - 1] ?? '';
    if (PLACEHOLDER.test(after) || PLACEHOLDER.test(before) || PLACEHOLDER_WORD.test(token)) continue;
    // A package's files (`@mf-types/index.d.ts`), a file extension (`.d.ts`), what a build writes.
    if (token.startsWith('@') || /^\.\w/.test(token) || isGenerated(token.replace(/#.*/, ''))) continue;
    let anchor = null;
    if (token.includes('#')) [token, anchor] = token.split('#');
    token = token.replace(/\.+$/, '');
    if (!token.includes('/')) {
      if (!BARE_NAME.test(token)) continue;
      if (!baseNames.has(token)) problems.push(`names ${token}, which no file of the repository is called`);
      else if (token.endsWith('.md')) {
        const target = allFiles.find((f) => path.basename(f) === token);
        cited.push([match.index + match[0].length, target]);
      }
      continue;
    }
    if (!looksLikePath(token, file) || exported.has(token)) continue;
    const target = resolve(token, file);
    if (!target) {
      problems.push(`names ${token}, which does not exist`);
      continue;
    }
    if (target.endsWith('.md')) {
      cited.push([match.index + match[0].length, target]);
      if (anchor && !markdownOf(target).anchors.has(anchor))
        problems.push(`names ${token}#${anchor}, which is not a heading there`);
    }
  }
  // A markdown file's links to its own headings: `[Input rules](#5-input-rules)`.
  if (file.endsWith('.md') && !citationsOnly)
    for (const match of text.matchAll(/\]\(#([\w-]+)\)/g))
      if (!markdownOf(file).anchors.has(match[1]))
        problems.push(`links to #${match[1]}, which is not a heading here`);
  // `§N`: only right after a markdown file of the repository (or an RFC, or another allowed §).
  // docs/product.md itself maps the old section numbers to its own.
  if (file === PRODUCT_DOC) return problems.concat(issues(text));
  let allowedUntil = -1;
  let allowedFile = null;
  for (const match of text.matchAll(/§\s*(\d+)/g)) {
    const gap = (from) => text.slice(from, match.index);
    const joined = (from) => /^[\s`'",()]*(?:(?:and|or|i|oraz|,|\/|–|-)[\s`'",()]*)?$/.test(gap(from));
    const md = cited.filter(([end]) => end <= match.index).at(-1);
    if (allowedFile && joined(allowedUntil)) {
      // continues a list of sections of the same file
    } else if (md && joined(md[0])) {
      allowedFile = md[1];
    } else if (/RFC\s*\d+[\s,]*$/.test(text.slice(0, match.index))) {
      allowedFile = 'RFC';
    } else {
      problems.push(`cites ${match[0]} of a text the repository does not hold (see ${PRODUCT_DOC})`);
      allowedFile = null;
      continue;
    }
    allowedUntil = match.index + match[0].length;
    if (allowedFile !== 'RFC' && !markdownOf(allowedFile).sections.has(match[1]))
      problems.push(`cites ${allowedFile} ${match[0]}, which has no section ${match[1]}`);
  }
  problems.push(...issues(text));
  if (file !== PRODUCT_DOC && existsSync(path.join(root, PRODUCT_DOC))) {
    for (const match of text.matchAll(/\bR-\d+\.\d+\b/g))
      if (!markdownOf(PRODUCT_DOC).rules.has(match[0]))
        problems.push(`names rule ${match[0]}, not in ${PRODUCT_DOC}`);
  }
  return problems;
}

// ---- run ---------------------------------------------------------------------------------------

let count = 0;
for (const file of files) {
  const source = readFileSync(path.join(root, file), 'utf8');
  for (const { line, text, fenced, literal } of commentsOf(file, source)) {
    for (const problem of problemsOf(file, text, fenced || literal)) {
      console.log(`${file}:${line}: ${problem}`);
      count++;
    }
  }
}
if (count) {
  console.log(
    `\n${count} problem(s): a comment cites what the repository does not hold. The product's rules are in ${PRODUCT_DOC}; say what the code does and why instead of an issue number.`,
  );
  process.exit(1);
}
console.log(`comments of ${files.length} files cite only what the repository holds`);
