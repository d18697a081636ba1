/**
 * The import rules of the server and the apps, checked by dependency-cruiser in `npm test`
 * (`pnpm lint:imports`, scripts/lintImports.mjs); CONTRIBUTING.md's map says the same in words.
 *
 * - No cycle: no file imports, through any chain, a file that imports it.
 * - The server's floors: a file imports only from its own floor and the floors below it, so an
 *   arrow never runs back up. Every folder and file of server/src stands on one floor; a new
 *   one is added to SERVER_FLOORS below.
 * - The apps: shared-api is the lowest (the one client), shared-ui draws with it, the shell and
 *   each remote stand on both and never import each other (remotes reach the page through
 *   Module Federation at run time); the server takes the contract and the route table from
 *   shared-api, and no app imports the server.
 *
 * Tests (`*.test.ts`) are not on any floor: a test may import whatever it checks.
 */

/** From the ground up: what each floor holds under server/src, and what it is for. */
const SERVER_FLOORS = [
  {
    name: 'ground',
    what: 'configuration, the database and its events, markup, mail, background timers, metrics',
    holds: ['config.ts', 'runtime.ts', 'events.ts', 'db/', 'markup/', 'mail/', 'jobs/', 'metrics/'],
  },
  {
    name: 'transport',
    what: 'HTTP as such: errors, cookies, compression, security headers, rate limits, health, live events',
    holds: ['http/'],
  },
  {
    name: 'domain',
    what: 'the rules and subsystems: sessions and access, blocks, the read grammar, writes, files, releases',
    holds: [
      'auth/',
      'rules/',
      'postgrest/',
      'posts/',
      'notify/',
      'moderation/',
      'ranking/',
      'files/',
      'previews/',
      'account/',
      'search/',
      'releases/',
      'services.ts',
    ],
  },
  {
    name: 'handlers',
    what: 'what answers a request: read resources, calls, pages',
    // A subsystem's own handlers stand here even inside its folder (the release calls and reads).
    holds: ['read/', 'rpc/', 'pages/', 'render/', 'releases/calls/', 'releases/reads.ts'],
  },
  {
    name: 'composition',
    what: 'the routes table and the app that wires everything',
    holds: ['routes.ts', 'app.ts'],
  },
  {
    name: 'entries',
    what: 'the server process, the admin CLI, the demo content',
    holds: ['main.ts', 'cli/', 'demo/'],
  },
];

const asPattern = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const under = (holds) => `^server/src/(${holds.map(asPattern).join('|')})`;
const APPS = '(shell|mf-[^/]+)';

/** Paths of other floors inside one of `floor`'s folders (releases/calls/ in releases/): not this floor's. */
const carvedOut = (floor) =>
  SERVER_FLOORS.filter((other) => other !== floor)
    .flatMap((other) => other.holds)
    .filter((hold) => floor.holds.some((own) => own.endsWith('/') && hold.startsWith(own)));

const floorRules = SERVER_FLOORS.slice(0, -1).map((floor, index) => {
  const above = SERVER_FLOORS.slice(index + 1);
  const notHere = carvedOut(floor);
  return {
    name: `floor-${floor.name}`,
    comment:
      `server/src floor '${floor.name}' (${floor.what}) imports only from its own floor and below, ` +
      `never from ${above.map((f) => `'${f.name}'`).join(', ')}`,
    severity: 'error',
    from: notHere.length
      ? { path: under(floor.holds), pathNot: under(notHere) }
      : { path: under(floor.holds) },
    to: { path: under(above.flatMap((f) => f.holds)) },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'a file imports, through a chain of imports, a file that imports it: put what both need lower',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...floorRules,
    {
      name: 'floor-unplaced',
      comment: 'a file of server/src on no floor: add its folder to SERVER_FLOORS in .dependency-cruiser.cjs',
      severity: 'error',
      from: { path: '^server/src/', pathNot: under(SERVER_FLOORS.flatMap((f) => f.holds)) },
      to: {},
    },
    {
      name: 'shared-api-lowest',
      comment: 'shared-api is the one client every app shares: it imports no app and not shared-ui',
      severity: 'error',
      from: { path: '^shared-api/src/' },
      to: { path: `^(shared-ui|${APPS})/src/` },
    },
    {
      name: 'shared-ui-below-apps',
      comment: 'shared-ui draws for every app: it imports shared-api, never an app',
      severity: 'error',
      from: { path: '^shared-ui/src/' },
      to: { path: `^${APPS}/src/` },
    },
    {
      name: 'apps-apart',
      comment:
        'the shell and each remote are built and released alone: one never imports another ' +
        '(they meet at run time through Module Federation and shared-api)',
      severity: 'error',
      from: { path: `^${APPS}/src/` },
      to: { path: `^${APPS}/src/`, pathNot: '^$1/src/' },
    },
    {
      name: 'server-apart-from-apps',
      comment: 'the server takes the contract and the route table from shared-api, nothing from the apps',
      severity: 'error',
      from: { path: '^server/src/' },
      to: { path: `^(shared-ui|${APPS})/src/` },
    },
    {
      name: 'apps-apart-from-server',
      comment: 'the apps reach the server over HTTP only',
      severity: 'error',
      from: { path: `^(shared-api|shared-ui|${APPS})/src/` },
      to: { path: '^server/' },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API yet: swc parses, type-only imports included.
    parser: 'swc',
    exclude: { path: '(^|/)(node_modules|dist)/|\\.test\\.tsx?$' },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
