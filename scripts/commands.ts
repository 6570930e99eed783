// Every npm command of the project with its options, in one place: the scripts read their
// arguments against these (scripts/cli-args.ts), `-- --help` prints them, and `npm start` knows
// from them which of its options go to the build and which to the server.
import type { CommandSpec, OptionSpec } from './cli-args.ts';

const spec = <O extends Record<string, OptionSpec>>(c: CommandSpec<O>) => c;

/** Where the site's sources are: shared by build, dev and start. */
const SOURCES = {
  docs: { type: 'string', value: 'DIR', help: 'the Markdown folder to build (default docs/)' },
  pages: { type: 'string', value: 'DIR', help: 'the folder of standalone pages (default src/pages/)' },
  static: { type: 'string', value: 'DIR', help: 'the folder copied as is into the output (default static/)' },
  config: { type: 'string', value: 'FILE', help: 'the site config (default src/site.config.ts)' },
} as const satisfies Record<string, OptionSpec>;

const CACHE = {
  'no-cache': { type: 'boolean', help: 'build everything, read and write no cache' },
  'cache-dir': { type: 'string', value: 'DIR', help: 'where the cache lives (default .cache/)' },
} as const satisfies Record<string, OptionSpec>;

const SERVER = {
  port: { type: 'string', value: 'N', help: 'the port to serve on (default 3000 or $PORT, the next free one if taken; 0: any free port)' },
  host: { type: 'string', value: 'HOST', help: 'the address to listen on (default localhost)' },
  open: { type: 'boolean', help: 'open the site in a browser once it is served ($BROWSER if set)' },
} as const satisfies Record<string, OptionSpec>;

export const BUILD = spec({
  name: 'npm run build',
  about: 'Builds docs/ into dist/; a failed build leaves the previous dist/ as it was.',
  options: {
    ...SOURCES,
    out: { type: 'string', value: 'DIR', help: 'the output folder (default dist/)' },
    ...CACHE,
    'no-link-check': { type: 'boolean', help: 'skip the check of the site\'s own links' },
    'no-user-guide': { type: 'boolean', help: 'skip the user guide PDF this once' },
    strict: { type: 'boolean', help: 'fail on any warning, leaving the previous output as it was (for CI)' },
    quiet: { type: 'boolean', help: 'print warnings and errors only' },
    verbose: { type: 'boolean', help: 'print the stack trace of an unexpected error' },
    'stats-json': { type: 'string', value: 'FILE', help: 'write the build\'s figures as JSON (for the benchmarks)' },
  },
});

export const PREVIEW = spec({
  name: 'npm run preview',
  about: 'Serves dist/ with production routing and headers.',
  options: {
    dir: { type: 'string', value: 'DIR', help: 'the built site to serve (default dist/)' },
    ...SERVER,
  },
});

/** Options that npm start passes to the server; all others go to the build. */
export const START_SERVER_OPTIONS = Object.keys(SERVER);

export const START = spec({
  name: 'npm start',
  about: 'Builds docs/ into dist/, then serves it as npm run preview does. --port, --host and --open go to the server, the rest to the build.',
  options: { ...BUILD.options, ...SERVER },
});

export const DEV = spec({
  name: 'npm run dev',
  about: 'Watch mode for authors: builds into .dev/, serves it with production routing and rebuilds what each save changes; open tabs update in place.',
  options: {
    ...SERVER,
    ...SOURCES,
    out: { type: 'string', value: 'DIR', help: 'where the dev build is written (default .dev/, apart from the build\'s dist/)' },
    root: { type: 'string', value: 'DIR', help: 'the project whose src/ is the theme (default this one)' },
    ...CACHE,
  },
});

export const CLEAR = spec({
  name: 'npm run clear',
  about: 'Removes the caches (.cache/) and the dev server\'s output (.dev/): the next build starts from nothing. dist/ stays.',
  options: {
    'cache-dir': { type: 'string', value: 'DIR', help: 'the cache folder to remove (default .cache/)' },
  },
});

export const CHECK_LINKS = spec({
  name: 'npm run check:links',
  about: 'Checks every link to another site (the build checks the site\'s own links, always); exits 1 when one is dead.',
  options: {
    external: { type: 'boolean', help: 'check the links to other sites (required)' },
    docs: SOURCES.docs,
    'cache-dir': { type: 'string', value: 'DIR', help: 'where the day-long answers are kept (default .cache/)' },
    concurrency: { type: 'string', value: 'N', help: 'URLs asked at once (default 8)' },
    timeout: { type: 'string', value: 'MS', help: 'time to wait for one answer (default 10000)' },
    retries: { type: 'string', value: 'N', help: 'retries after a network error or a 5xx (default 2)' },
    fresh: { type: 'boolean', help: 'ignore the answers kept from the last day' },
  },
});

export const DEPLOY = spec({
  name: 'npm run deploy',
  operands: '<site dir>',
  about: 'Makes dist/ the live release of a site folder that nginx serves as <site dir>/current.',
  options: {
    dist: { type: 'string', value: 'DIR', help: 'the built site to deploy (default dist/)' },
    keep: { type: 'string', value: 'N', help: 'releases kept (default 5)' },
    reload: { type: 'string', value: 'CMD', help: 'run before the switch, e.g. "nginx -s reload"' },
    rollback: { type: 'boolean', help: 'make the release before the current one live again' },
    verbose: { type: 'boolean', help: 'print the stack trace of an unexpected error' },
  },
});

export const MIGRATE = spec({
  name: 'npm run migrate',
  operands: '<docusaurus site folder> <target docs folder>',
  about: 'Converts a Docusaurus site\'s docs into this generator\'s Markdown and prints what is left to rewrite by hand.',
  options: {
    force: { type: 'boolean', help: 'write into a target folder that is not empty' },
    static: { type: 'string', value: 'DIR', help: 'the target site\'s static folder, for links to static files' },
  },
});

export const WRITE_HEADING_IDS = spec({
  name: 'npm run write-heading-ids',
  operands: '[files or folders]',
  about: 'Writes the id each heading has today into its Markdown as {#id}, so that rewording it later keeps the links to it. Every page of docs/ and src/pages/, or those under the paths given.',
  options: {
    docs: SOURCES.docs,
    pages: SOURCES.pages,
    overwrite: { type: 'boolean', help: 'replace the ids given by hand with the ones the headings\' text gives now' },
    check: { type: 'boolean', help: 'write nothing; list the headings without an id and exit 1 if there are any (for CI)' },
  },
});

/** The benchmarks' corpora and builds go to a temporary folder, removed at the end unless kept. */
const KEEP = { keep: { type: 'boolean', help: 'leave the generated corpora and builds in the scratch folder' } } as const satisfies Record<string, OptionSpec>;
/** The benchmarks' scratch folder (scripts/bench-scratch.ts). */
const SCRATCH = { scratch: { type: 'string', value: 'DIR', help: 'where the corpora and builds go (default: /dev/shm when it is a tmpfs, else the temporary folder)' } } as const satisfies Record<string, OptionSpec>;

export const TEST = spec({
  name: 'npm test',
  operands: '[path filter]',
  about: 'Type-checks, builds this site once for the browser tests, then runs every test file under test/ (or those whose path has the filter, e.g. dev/session).',
  options: {},
});

export const BENCH = spec({
  name: 'npm run bench',
  about: 'The floor, then cold builds of generated corpora and the incremental rows, each as a ratio to the floor; then this site.',
  options: {
    pages: { type: 'string', value: 'N,N', help: 'the cold corpora\'s sizes (default 1000,3000,10000)' },
    quick: { type: 'boolean', help: 'the 1000-page corpus only' },
    'site-only': { type: 'boolean', help: 'only this site\'s rows' },
    'no-link-check': { type: 'boolean', help: 'build without the link check' },
    ...SCRATCH,
    ...KEEP,
  },
});

export const BENCH_DEV = spec({
  name: 'npm run bench:dev',
  about: 'The dev server on a generated corpus: the floor, time to the first page, edits to an open tab, peak memory.',
  options: {
    pages: { type: 'string', value: 'N', help: 'the corpus size (default 1000)' },
    edits: { type: 'string', value: 'N', help: 'edits timed (default 10)' },
    ...SCRATCH,
    ...KEEP,
  },
});

export const BENCH_SEARCH = spec({
  name: 'npm run bench:search',
  about: 'The search on generated corpora: index build time, bytes a first query downloads, query latency in Chromium.',
  options: {
    pages: { type: 'string', value: 'N,N', help: 'the corpora\'s sizes (default 1000,10000)' },
    ...KEEP,
  },
});

export const AUDIT = spec({
  name: 'npm run audit',
  about: 'Builds the site, serves it on loopback and runs Lighthouse in Chromium on one page of every kind; exits 1 when a page misses a target.',
  options: {
    'skip-build': { type: 'boolean', help: 'audit the last audit build' },
    runs: { type: 'string', value: 'N', help: 'runs per page (default 1)' },
    only: { type: 'string', value: 'ROUTE', help: 'audit one page' },
    traces: { type: 'boolean', help: 'keep each page\'s Chromium trace beside its report' },
  },
});
