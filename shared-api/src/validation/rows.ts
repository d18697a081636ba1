/**
 * The rows of the API's reads (`GET /api/<name>`), each declared once: what `select=*` answers,
 * column by column (the release registry's in releaseRows.ts). The read contract (reads.ts) names
 * the resource each row belongs to; the server's column whitelists are checked against these
 * types and the client's reads return them. Types only: nothing here reaches a bundle.
 */
import type { FileRef, Vote } from './contract.ts';

export type { PushSubscriptionRow } from './pushRows.ts';

import type {
  AppealStatus,
  ModerateResolve,
  ModerationLogAction,
  ModlogKind,
  NsfwSetting,
  PerkAction,
  PostKind,
  PostMode,
  Theme,
} from './words.ts';

/** A column that is only ever filtered with the full-text operators (`fts`, `wfts`…), never read. */
export interface FullText {
  readonly fullText: true;
}

// ---- posts: posts, feed, lurking, favorites, latest_comments -----------------------------------

/** A linked page as the server read it: its title, description, site name and picture. */
export interface LinkPreview {
  title: string | null;
  description: string | null;
  site: string | null;
  image: FileRef | null;
}

/**
 * The vote counters: they change all the time, so every cache of the server reads them fresh
 * (server/src/read/postColumns.ts).
 */
export interface PostCounters {
  upvotes: number;
  downvotes: number;
  /** upvotes - downvotes */
  value: number;
}

/**
 * The viewer's own state of a post: never shared between readers; a guest gets the defaults
 * (server/src/read/postColumns.ts).
 */
export interface PostViewerState {
  /** The viewer's vote: -1, 0 (none) or 1. */
  voted: Vote;
  favorite: boolean;
  favorited: string | null;
  /** The viewer's report type, if they reported it. */
  report: string | null;
  /** The viewer blocked one of the post's tags or domains, or the author blocked the viewer. */
  blacklisted: boolean;
  /** The viewer blocked the author. */
  blocked: boolean;
}

export interface Post extends PostCounters, PostViewerState {
  post: number;
  title: string | null;
  /** Sanitised HTML rendered by the server; render through SafeHtml. */
  body: string;
  words: number;
  files: FileRef[];
  tags: string[];
  domains: string[];
  user: string;
  avatar: FileRef | null;
  created: string;
  mode: PostMode;
  kind: PostKind;
  parent: number | null;
  root: number | null;
  uber: number | null;
  replies: number;
  opens: number;
  hot: number;
  active: string;
  /** When the author was last seen (presence dot). */
  presence: string | null;
  url: string | null;
  /** The linked page's card, fetched by the server in the background; null until then or without one. */
  preview: LinkPreview | null;
}

/** `GET /api/votes?post=eq.{id}`: the counters and who voted, newest first. */
export interface VotesRecord {
  post: number;
  upvotes: number;
  downvotes: number;
  upvoters: string[];
  downvoters: string[];
}

export interface Draft {
  post: number;
  title: string | null;
  url: string | null;
  /** The text as written. */
  body: string;
  /** Rendered preview. */
  html: string;
  words: number;
  files: FileRef[];
  tags: string[];
  created: string;
  updated: string;
}

export interface Tag {
  tag: string;
  owner: string | null;
  count: number;
  about: string;
  about_html: string;
  created: string;
}

/** A follow or block of the viewer's. */
export interface Perk {
  action: PerkAction;
  username: string | null;
  tag: string | null;
  domain: string | null;
  created: string;
}

// ---- accounts ---------------------------------------------------------------------------------

/** The signed-in user's own row (`GET /api/users`; `email` only when named in `select`). */
export interface UserRow {
  user: string;
  avatar: FileRef | null;
  theme: Theme;
  nsfw: NsfwSetting;
  roles: string[];
  rating: number;
  notifs: number;
  chats: number;
  created: string;
}

export interface Profile {
  user: string;
  avatar: FileRef | null;
  rating: number;
  /** ISO time the account was created. */
  created: string;
  /** ISO time the user was last seen (presence dot). */
  presence: string;
  posts: number;
  comments: number;
  roles: string[];
}

// ---- notifications, chats, moderation ---------------------------------------------------------

export interface NotificationRow {
  id: number;
  /** `appeal`: a moderator decided one's ban appeal; the post's fields are then null. */
  kind: 'reply' | 'mention' | 'appeal';
  seen: boolean;
  created: string;
  /** The reply or the post with the mention. */
  post: number | null;
  /** The thread's top post: the link goes to /post/{uber}. */
  uber: number | null;
  /** The thread's title (null for microposts or when no longer public). */
  title: string | null;
  /** The start of the reply or mention as written (null when no longer public). */
  excerpt: string | null;
  mode: PostMode | null;
  postKind: PostKind | null;
  /** What was replied to; null for a top-level post. */
  parentKind: PostKind | null;
  /** Who replied or mentioned (null for an appeal's decision). */
  user: string | null;
  avatar: FileRef | null;
  /** An appeal's decision: accepted or rejected (null for the other kinds). */
  appeal: AppealStatus | null;
  /** The moderator's answer to the appeal, if any. */
  answer: string | null;
}

export interface ChatRow {
  /** The thread id: both lower-case names, sorted, joined by a dash. */
  chat: string;
  /** The other person. */
  user: string;
  avatar: FileRef | null;
  presence: string;
  unread: number;
  updated: string;
  /** The newest message as written (plain text). */
  last: string | null;
  lastMine: boolean;
}

export interface MessageRow {
  id: number;
  chat: string;
  user: string;
  avatar: FileRef | null;
  /** Rendered HTML: show it through SafeHtml. */
  body: string;
  created: string;
}

export interface ReportRow {
  /** open: the post id; closed: the moderation record's id */
  id: number;
  state: 'open' | 'closed';
  post: number;
  uber: number;
  kind: PostKind;
  mode: PostMode;
  title: string | null;
  excerpt: string | null;
  user: string;
  avatar: FileRef | null;
  banned: boolean;
  rules: number;
  porn: number;
  nsfw: number;
  total: number;
  /** open: the newest report; closed: when it was resolved */
  created: string;
  resolve: ModerateResolve | null;
  moderator: string | null;
}

export interface ModerationLogRow {
  id: number;
  action: ModerationLogAction;
  /** Who did it; null when the site did (a ban whose time was up). */
  actor: string | null;
  /** Whom it concerned. */
  user: string | null;
  /** Whether that user is banned now. */
  banned: boolean | null;
  post: number | null;
  reason: string | null;
  /** A ban's end; null for good. */
  ends: string | null;
  /** The tag of a takeover or of one made public again. */
  tag: string | null;
  created: string;
}

/**
 * One entry of the public moderation log (/modlog): what was done, to whom, why and when; never
 * the removed content (docs/product.md ).
 */
export interface ModlogRow {
  id: number;
  kind: ModlogKind;
  action: Exclude<ModerationLogAction, 'appeal-rejected'>;
  /** The moderator who did it; null when the installation hides their names, or for the site itself. */
  moderator: string | null;
  /** Whom it concerned: the removed post's author, the banned user, the tag's taker or giver. */
  user: string | null;
  /** A removal: the post's number and what it was (the content is not shown again). */
  post: number | null;
  postKind: PostKind | null;
  /** The thread the removed post was in (its own number for a top-level post). */
  uber: number | null;
  tag: string | null;
  reason: string | null;
  /** A ban's end; null for good (or for other kinds). */
  ends: string | null;
  created: string;
}

/** A ban appeal, as moderators see it beside the open reports. */
export interface BanAppealRow {
  id: number;
  status: AppealStatus;
  user: string;
  avatar: FileRef | null;
  /** The appeal's text, rendered and sanitized: show it through SafeHtml. */
  body: string;
  created: string;
  /** The ban appealed against: why, since and until when (null: for good). */
  banReason: string;
  banCreated: string;
  banEnds: string | null;
  /** Whether that ban still holds (it may have ended, or been replaced, since). */
  inForce: boolean;
  /** Who gave the ban (null: an account since erased). */
  bannedBy: string | null;
  bannedByAdmin: boolean;
  /** Whether the reader may decide the appeal: never on a ban they gave, an admin's only as an admin. */
  decidable: boolean;
  moderator: string | null;
  answer: string | null;
  decided: string | null;
}

export type * from './releaseRows.ts';

/** The installation's VAPID public key (GET /api/push_key; docs/product.md ). */
export interface PushKeyRow {
  /** Base64url of the P-256 point: PushManager.subscribe's `applicationServerKey`. */
  public_key: string;
}
