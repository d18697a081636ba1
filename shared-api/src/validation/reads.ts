/**
 * THE contract of the API's reads (`GET /api/<name>` in PostgREST's grammar), beside the calls'
 * (contract.ts): each read resource once, with its row (rows.ts: what `select=*` answers), the
 * columns a request may name besides (`named`: selected only when asked for; `queryOnly`: filtered
 * or ordered, never selected), which columns may be filtered and which ordered, and whether a
 * streaming replica may answer it.
 *
 * The server defines each resource against its entry (`defineResource`,
 * server/src/postgrest/resource.ts): a resource missing here, a column here missing there or the
 * other way round, or a column filterable on one side only, fails the type check. The client reads
 * through it (`getRows('posts', …)` in ../client.ts, the filters of ../readQuery.ts), so renaming
 * a column fails the type check on both sides.
 *
 * Longer than 350 lines because it is the one list of every read resource, which the server's
 * routes table and the client's reads both check against.
 *
 * Zod-free; the apps import its types only, so the shell's first load pays nothing for it. The
 * server imports it as `shared-api/reads` (for `replica`).
 */
import type {
  BanAppealRow,
  ChatRow,
  Draft,
  FullText,
  MessageRow,
  ModerationLogRow,
  ModlogRow,
  NotificationRow,
  Perk,
  Post,
  Profile,
  PushKeyRow,
  PushSubscriptionRow,
  ReleaseChannelRow,
  ReleaseErrorRow,
  ReleaseHealthMinute,
  ReleaseLogRow,
  ReleaseMemberRow,
  ReleaseRow,
  ReleaseTokenRow,
  ReportRow,
  Tag,
  UserRow,
  VotesRecord,
} from './rows.ts';

export type * from './rows.ts';

/** The columns of one resource by kind, as types. */
export interface ReadShape {
  /** What `select=*` answers. */
  row: object;
  /** Selected only when `select` names them (`email`, a search's `relevance`). */
  named?: object;
  /** Filtered or ordered only, never in an answer (the search documents). */
  queryOnly?: object;
}

/** One part of a shape (`named`, `queryOnly`), or nothing when the shape has none. */
type Part<Shape, Key extends string> = Shape extends { [K in Key]: infer Columns }
  ? Columns
  : Record<never, never>;

type ColumnOf<Shape extends ReadShape> = keyof (Shape['row'] &
  Part<Shape, 'named'> &
  Part<Shape, 'queryOnly'>) &
  string;

/** One read resource: which of its columns may be filtered and ordered, and where it may be read. */
export interface ReadSpec<Shape extends ReadShape, Filter extends string, Order extends string> {
  /** A streaming replica may answer it (db/replica.ts): it never reads what its caller just changed. */
  replica: boolean;
  filter: readonly Filter[];
  order: readonly Order[];
  /** Set on an old name still served for remotes built before its rename: the resource it now is. */
  aliasOf?: string;
  /** Never set: carries the columns' types. */
  readonly shape?: Shape;
}

function read<Shape extends ReadShape>() {
  return <const Filter extends ColumnOf<Shape>, const Order extends ColumnOf<Shape>>(spec: {
    replica: boolean;
    filter: readonly Filter[];
    order: readonly Order[];
  }): ReadSpec<Shape, Filter, Order> => spec;
}

// ---- posts -------------------------------------------------------------------------------------

/** Every column of a post but its text, files, card, the author's avatar and presence. */
const POST_FILTER = [
  'post',
  'title',
  'words',
  'tags',
  'domains',
  'url',
  'user',
  'created',
  'mode',
  'kind',
  'parent',
  'root',
  'uber',
  'replies',
  'opens',
  'upvotes',
  'downvotes',
  'value',
  'hot',
  'active',
  'voted',
  'favorite',
  'favorited',
  'report',
  'blocked',
  'blacklisted',
] as const satisfies readonly (keyof Post)[];

/** Every scalar column of a post but its text and card. */
const POST_ORDER = [
  'post',
  'title',
  'words',
  'url',
  'user',
  'presence',
  'created',
  'mode',
  'kind',
  'parent',
  'root',
  'uber',
  'replies',
  'opens',
  'upvotes',
  'downvotes',
  'value',
  'hot',
  'active',
  'voted',
  'favorite',
  'favorited',
  'report',
  'blocked',
  'blacklisted',
] as const satisfies readonly (keyof Post)[];

const postFeed = (replica: boolean) =>
  read<{ row: Post }>()({ replica, filter: POST_FILTER, order: POST_ORDER });

/** The 2 newest public comments of each micropost in `uber=in.(…)`, one request a feed page. */
const latestComments = postFeed(true);

// ---- the contract ------------------------------------------------------------------------------

export const reads = {
  // accounts
  users: read<{ row: UserRow; named: { email: string } }>()({
    replica: false,
    filter: ['user', 'theme', 'nsfw', 'roles', 'rating', 'notifs', 'chats', 'email', 'created'],
    order: ['user', 'theme', 'nsfw', 'rating', 'notifs', 'chats', 'email', 'created'],
  }),
  profiles: read<{ row: Profile }>()({
    replica: true,
    filter: ['user', 'rating', 'created', 'presence', 'posts', 'comments', 'roles'],
    order: ['user', 'rating', 'created', 'presence', 'posts', 'comments'],
  }),
  // notifications, chats, moderation
  notifications: read<{ row: NotificationRow }>()({
    replica: false,
    filter: [
      'id',
      'kind',
      'seen',
      'created',
      'post',
      'uber',
      'mode',
      'postKind',
      'parentKind',
      'user',
      'avatar',
      'appeal',
    ],
    order: [
      'id',
      'kind',
      'seen',
      'created',
      'post',
      'uber',
      'title',
      'mode',
      'postKind',
      'parentKind',
      'user',
    ],
  }),
  chats: read<{ row: ChatRow }>()({
    replica: false,
    filter: ['chat', 'user', 'avatar', 'presence', 'unread', 'updated'],
    order: ['chat', 'user', 'presence', 'unread', 'updated', 'lastMine'],
  }),
  messages: read<{ row: MessageRow }>()({
    replica: false,
    filter: ['id', 'chat', 'user', 'avatar', 'created'],
    order: ['id', 'chat', 'user', 'created'],
  }),
  reports: read<{ row: ReportRow }>()({
    replica: false,
    // biome-ignore format: one line per list
    filter: ['id', 'state', 'post', 'uber', 'kind', 'mode', 'user', 'avatar', 'banned', 'rules', 'porn', 'nsfw', 'total', 'created', 'resolve', 'moderator'],
    // biome-ignore format: one line per list
    order: ['id', 'state', 'post', 'uber', 'kind', 'mode', 'title', 'excerpt', 'user', 'banned', 'rules', 'porn', 'nsfw', 'total', 'created', 'resolve', 'moderator'],
  }),
  moderation_log: read<{ row: ModerationLogRow }>()({
    replica: false,
    filter: ['id', 'action', 'actor', 'user', 'post', 'ends', 'tag', 'created'],
    order: ['id', 'action', 'actor', 'user', 'banned', 'post', 'reason', 'ends', 'tag', 'created'],
  }),
  /**
   * The public moderation log (anyone): keyset pages on id, by kind. On the primary: a moderator
   * reads it right after acting.
   */
  modlog: read<{ row: ModlogRow }>()({
    replica: false,
    filter: ['id', 'kind', 'action', 'user', 'post', 'tag', 'created'],
    order: ['id', 'created'],
  }),
  ban_appeals: read<{ row: BanAppealRow }>()({
    replica: false,
    filter: ['id', 'status', 'user', 'created'],
    order: ['id', 'created'],
  }),
  // writing posts
  drafts: read<{ row: Draft }>()({
    replica: false,
    filter: ['post', 'title', 'words', 'tags', 'created', 'updated'],
    order: ['post', 'title', 'url', 'words', 'created', 'updated'],
  }),
  // feeds, votes, perks, tags
  posts: read<{
    row: Post;
    /** How well a post matches the request's search (`order=relevance.desc`); 0 without one. */
    named: { relevance: number };
    /** The search document (`search=fts.zolw:*`), the same unindexed, and the id unindexed (search/plan.ts). */
    queryOnly: { search: FullText; search_walk: FullText; post_scan: number };
  }>()({
    replica: true,
    filter: [...POST_FILTER, 'search', 'relevance', 'search_walk'],
    order: [...POST_ORDER, 'relevance', 'post_scan'],
  }),
  feed: postFeed(true),
  lurking: postFeed(true),
  favorites: postFeed(true),
  latest_comments: latestComments,
  /**
   * @deprecated The latest comments' first name: remote builds already published to the
   * release store still read it. Read `latest_comments`.
   */
  previews: { ...latestComments, aliasOf: 'latest_comments' },
  votes: read<{ row: VotesRecord }>()({
    replica: true,
    filter: ['post', 'upvotes', 'downvotes'],
    order: ['post', 'upvotes', 'downvotes'],
  }),
  push_key: read<{ row: PushKeyRow }>()({
    replica: false,
    filter: [],
    order: [],
  }),
  push_subscriptions: read<{ row: PushSubscriptionRow }>()({
    replica: false,
    filter: ['endpoint', 'created'],
    order: ['created'],
  }),
  perks: read<{ row: Perk }>()({
    replica: true,
    filter: ['action', 'username', 'tag', 'domain', 'created'],
    order: ['action', 'username', 'tag', 'domain', 'created'],
  }),
  tags: read<{ row: Tag }>()({
    replica: true,
    filter: ['tag', 'owner', 'count', 'created'],
    order: ['tag', 'owner', 'count', 'created'],
  }),
  // releases of the remotes (admins and release tokens)
  release_channels: read<{ row: ReleaseChannelRow }>()({
    replica: false,
    // biome-ignore format: one line per list
    filter: ['remote', 'stable', 'canary', 'percent', 'canary_started', 'updated', 'pause_seconds', 'step_started', 'verdict_at'],
    // biome-ignore format: one line per list
    order: ['remote', 'stable', 'canary', 'percent', 'canary_started', 'updated', 'stable_loads', 'stable_failures', 'canary_loads', 'canary_failures', 'pause_seconds', 'step_started', 'verdict_at'],
  }),
  release_errors: read<{ row: ReleaseErrorRow }>()({
    replica: false,
    filter: ['remote', 'version', 'count', 'last_seen'],
    order: ['remote', 'version', 'count', 'first_seen', 'last_seen'],
  }),
  release_health_minutes: read<{ row: ReleaseHealthMinute }>()({
    replica: false,
    filter: ['remote', 'minute', 'channel', 'version', 'loads', 'failures'],
    order: ['remote', 'minute', 'channel', 'version', 'loads', 'failures'],
  }),
  releases: read<{ row: ReleaseRow }>()({
    replica: false,
    filter: [
      'remote',
      'version',
      'digest',
      'prefix',
      'files',
      'bytes',
      'exposes',
      'actor',
      'created',
      'channel',
    ],
    order: ['remote', 'version', 'digest', 'prefix', 'files', 'bytes', 'actor', 'created', 'channel'],
  }),
  release_log: read<{ row: ReleaseLogRow }>()({
    replica: false,
    filter: ['id', 'remote', 'action', 'from', 'to', 'percent', 'actor', 'created'],
    order: ['id', 'remote', 'action', 'from', 'to', 'percent', 'actor', 'reason', 'created'],
  }),
  release_tokens: read<{ row: ReleaseTokenRow }>()({
    replica: false,
    filter: ['id', 'name', 'remotes', 'created', 'created_by', 'expires', 'revoked', 'last_used'],
    order: ['id', 'name', 'created', 'created_by', 'expires', 'revoked', 'last_used'],
  }),
  release_members: read<{ row: ReleaseMemberRow }>()({
    replica: false,
    filter: ['remote', 'username', 'added_by', 'created'],
    order: ['remote', 'username', 'added_by', 'created'],
  }),
} as const;

// ---- what each side reads from it -------------------------------------------------------------

export type Reads = typeof reads;
/** Every name the server answers, old names kept for published remotes included. */
export type ServedReadName = keyof Reads;
/** The names a client reads by (old names left out). */
export type ReadName = {
  [Name in ServedReadName]: Reads[Name] extends { aliasOf: string } ? never : Name;
}[ServedReadName];

type ShapeOf<Name extends ServedReadName> = NonNullable<Reads[Name]['shape']>;
type Named<Name extends ServedReadName> = Part<ShapeOf<Name>, 'named'>;
type QueryOnly<Name extends ServedReadName> = Part<ShapeOf<Name>, 'queryOnly'>;

/** What `select=*` answers. */
export type ReadRow<Name extends ServedReadName> = ShapeOf<Name>['row'];
/** Every column a request may name, with its type. */
export type ReadColumns<Name extends ServedReadName> = ReadRow<Name> & Named<Name> & QueryOnly<Name>;
/** Columns an answer may hold: the row's and the ones selected only when named. */
export type SelectableColumn<Name extends ServedReadName> = keyof (ReadRow<Name> & Named<Name>) & string;
/** Columns only filtered or ordered, never selected. */
export type QueryOnlyColumn<Name extends ServedReadName> = keyof QueryOnly<Name> & string;
/** Columns selected only when named (left out of `select=*`). */
export type NamedColumn<Name extends ServedReadName> = keyof Named<Name> & string;
export type FilterableColumn<Name extends ServedReadName> = Reads[Name]['filter'][number];
export type OrderableColumn<Name extends ServedReadName> = Reads[Name]['order'][number];
