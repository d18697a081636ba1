/**
 * A read resource: one query object with whitelisted columns. Each column maps an API name
 * to a SQL expression and a type; filters, ordering and `select` may only name these.
 * Values always travel as parameters, cast to the column's type. Every resource is declared in
 * the read contract (shared-api/src/validation/reads.ts), and `defineResource` holds it to it.
 */
import { reads, type ServedReadName } from 'shared-api/reads';
import type { Queryable } from '../db/index.ts';
import type { ColumnDef, DeclaredColumns, UndeclaredColumns } from './columns.ts';
import type { Filter, ReadQuery } from './parse.ts';

/** `Prefer: count=...`: how a total for Content-Range is found, if one is asked for. */
export type CountMode = 'exact' | 'planned' | 'estimated' | null;

/** What a request knows about its caller, for viewer-dependent joins and visibility. */
export interface ReadRequest {
  viewerId: number | null;
  roles: readonly string[];
  db: Queryable;
  /** Base URL of uploaded files (`config.filesCdn`); '' means this server. Sent as `cdn` with each file. */
  filesCdn?: string;
  /**
   * Set by runRead before it asks for `from`: the request's filters and every column they or
   * the order name, so a resource can pick the join that plans best for this request (e.g. an
   * author looked up per row, unless the request filters on the author).
   */
  filters?: readonly Filter[];
  named?: ReadonlySet<string>;
  /** Set with `named`: the columns the answer holds, for a join that only a selected column needs. */
  selected?: ReadonlySet<string>;
}

/**
 * What only some resources need beyond the request: each resource names its own (`needs`) and is
 * given those only. Caches are absent where the server runs without them (read/README.md).
 */
export interface ReadNeeds {
  /** The server's thread cache (one per app; read/threadCache.ts). */
  threadCache: ReadCache;
  /** The server's cache of guests' feed pages (one per app; read/guestCache.ts). */
  guestCache: KeyedCache;
  /** The server's per-reader cache of followed posts' ids (read/followedIds.ts). */
  followedIdsCache: { read(viewerId: string, load: () => Promise<number[]>): Promise<number[]> };
  /** The viewer wrote a moment ago: their reads skip shared rows that may predate it (read/feedOverlay.ts). */
  wroteRecently: boolean;
  /** Remotes whose releases the caller may read (releases/access.ts): a token's, 'all' for admins. */
  releaseScope: readonly string[] | 'all' | null;
  /** The public moderation log names moderators (config `modlogShowModerators`); absent: it does not. */
  modlogShowModerators: boolean;
}

export type ReadNeed = keyof ReadNeeds;

/** Every need, so that runRead can hand each resource its own only. */
const READ_NEEDS: Record<ReadNeed, true> = {
  threadCache: true,
  guestCache: true,
  followedIdsCache: true,
  wroteRecently: true,
  releaseScope: true,
  modlogShowModerators: true,
};

/** What a resource is given: the request, and the needs it declared. */
export type ReadContext<Needs extends ReadNeed = never> = ReadRequest & Partial<Pick<ReadNeeds, Needs>>;

/** Everything the read handler knows; runRead passes each resource its part (`ownContext`). */
export type FullReadContext = ReadContext<ReadNeed>;

/** A read's answer, ready to send: what `runRead` gives, built or from a cache. */
export interface ReadResult {
  /**
   * The page as a JSON array, built by PostgreSQL (as PostgREST does): a 5,000-comment thread
   * is one text value instead of 5,000 rows parsed and re-serialised by Node. Bytes when it
   * comes from a cache.
   */
  json: string | Buffer;
  /** Rows in the page. */
  count: number;
  offset: number;
  total: number | null;
}

/** A cache that answers some requests of a resource, or null to let the read engine answer. */
export interface ReadCache {
  read(ctx: ReadContext, query: ReadQuery, countMode: CountMode): Promise<ReadResult | null>;
}

/** A cache of answers by key: the stored one, or `build()`'s. */
export interface KeyedCache {
  read(key: string, build: () => Promise<ReadResult>): Promise<ReadResult>;
}

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

/** A resource's FROM, and the request's filters it already applies (see `Resource.from`). */
export interface FromFragment extends SqlFragment {
  /**
   * Filters of the request (the very objects of `ctx.filters`) this FROM already holds to, left
   * out of the WHERE: the planner takes each condition as independent, so the same condition
   * twice (a join and a filter) makes it expect a handful of rows and pick a plan for a handful.
   */
  covers?: readonly Filter[];
}

export interface Resource<Name extends string = string, Needs extends ReadNeed = ReadNeed> {
  name: Name;
  columns: Record<string, ColumnDef>;
  /** A streaming replica may answer it: the read contract says so (shared-api/src/validation/reads.ts). */
  replica: boolean;
  /** What it needs beyond the request (caches, the release scope…); it is given nothing else. */
  needs: readonly Needs[];
  /**
   * The FROM clause (with joins). Parameters it uses are numbered from $1; the builder numbers
   * the request's own parameters after them.
   */
  from(ctx: ReadContext<Needs>): FromFragment;
  /** Rows the caller may see at all (e.g. no other people's drafts), ANDed with the request's filters. */
  visible?(ctx: ReadContext<Needs>, param: (value: unknown) => string): string | null;
  /** Filters a request must carry (e.g. votes need `post`), to refuse unbounded scans. */
  requiredFilters?: string[];
  defaultOrder?: string;
  /** Largest page; a larger `limit` is clamped. */
  maxLimit?: number;
  /**
   * A larger page for some filters (e.g. a whole thread when `uber` is filtered); gets the
   * top-level filtered column names, returns undefined to keep `maxLimit`.
   */
  maxLimitFor?(filtered: ReadonlySet<string>): number | undefined;
  /**
   * A cheap total for `count=exact` when the request's only filters are equalities the resource
   * keeps a counter for (e.g. a tag's post count). Return null to fall back to counting rows.
   */
  fastCount?(ctx: ReadContext<Needs>, equalities: Map<string, string>): Promise<number | null>;
  /** An answer from a cache, tried first; null lets the read engine build it. */
  cached?(ctx: ReadContext<Needs>, query: ReadQuery, countMode: CountMode): Promise<ReadResult | null>;
}

/** What a resource declares: its columns as the read contract has them, and no replica flag of its own. */
export type ResourceDefinition<
  Name extends ServedReadName,
  Needs extends ReadNeed,
  Columns extends DeclaredColumns<Name> = DeclaredColumns<Name>,
> = Omit<Resource<Name, Needs>, 'columns' | 'replica' | 'needs'> & {
  columns: Columns & UndeclaredColumns<Name, Columns>;
  needs?: readonly Needs[];
};

/**
 * A read resource of the read contract: its columns must be the contract's, no more, no fewer
 * (columns.ts), and it is read from the replica when the contract says it may be.
 */
export function defineResource<
  const Name extends ServedReadName,
  Columns extends DeclaredColumns<Name>,
  const Needs extends ReadNeed = never,
>(resource: ResourceDefinition<Name, Needs, Columns>): Resource<Name, Needs> {
  return { ...resource, needs: resource.needs ?? [], replica: reads[resource.name].replica };
}

/** The same resource under another name of the contract (an old name kept for published remotes). */
export function aliasResource<const Alias extends ServedReadName, Needs extends ReadNeed>(
  resource: Resource<string, Needs>,
  name: Alias,
): Resource<Alias, Needs> {
  return { ...resource, name, replica: reads[name].replica };
}

const withoutCache = new WeakMap<Resource<string, ReadNeed>, Resource<string, ReadNeed>>();

/**
 * The resource without its cache: what a cache, or a plan it picks, runs on the read engine.
 * Made once per resource: caches ask for it on every read they pass on.
 */
export function uncached<Name extends string, Needs extends ReadNeed>(
  resource: Resource<Name, Needs>,
): Resource<Name, Needs> {
  let plain = withoutCache.get(resource as Resource<string, ReadNeed>);
  if (!plain) {
    const { cached: _, ...rest } = resource;
    plain = rest as Resource<string, ReadNeed>;
    withoutCache.set(resource as Resource<string, ReadNeed>, plain);
  }
  return plain as Resource<Name, Needs>;
}

/** The request with the needs `resource` declared, and none of the others. */
export function ownContext(resource: Resource, ctx: FullReadContext): FullReadContext {
  const own: FullReadContext = { ...ctx };
  for (const need of Object.keys(READ_NEEDS) as ReadNeed[]) {
    if (!resource.needs.includes(need)) delete own[need];
  }
  return own;
}
