/**
 * THE contract of the API's calls (`POST /api/rpc/<name>`, docs/product.md#7-api): each call's name, the zod
 * schema of its input (from ./validation, the same schema the forms use) and the type of its
 * answer, declared once. The server registers each handler against its entry
 * (server/src/rpc/define.ts) and the client calls through it (`rpc` in ../client.ts), so renaming
 * a call, or changing what it takes or answers, fails the type check on both sides.
 *
 * Beside the other schemas (zod is for forms and the server: the shell's first load takes only
 * the types, through shared-api's `export type *`). The server imports it as `shared-api/contract`.
 */
import type { z } from 'zod';
import {
  accountDeleteInput,
  appealDecideInput,
  banAppealInput,
  blockDomainInput,
  blockTagInput,
  blockUserInput,
  chatReadInput,
  chatSendInput,
  draftUpsertInput,
  emailChangeInput,
  emptyInput,
  favoritePostInput,
  fileCreateInput,
  followDomainInput,
  followTagInput,
  followUserInput,
  moderateInput,
  notificationsSeenInput,
  passwordChangeInput,
  postCreateInput,
  postRefInput,
  postReportInput,
  postUpdateInput,
  postVoteInput,
  pushSubscribeInput,
  pushUnsubscribeInput,
  releaseCanaryInput,
  releaseDevOverrideInput,
  releaseMemberInput,
  releasePreviewInput,
  releasePromoteInput,
  releaseRollbackInput,
  releaseRolloutInput,
  releaseTokenCreateInput,
  releaseTokenRevokeInput,
  resetPasswordInput,
  resetRequestInput,
  tagDropInput,
  tagUpdateInput,
  userJoinInput,
  userLoginInput,
  userUnbanInput,
  userUpdateInput,
  userVerifyInput,
} from './index.ts';
import type { PushSubscriptionRow } from './pushRows.ts';
import type {
  NsfwSetting,
  PerkAction,
  PerkTarget,
  PostKind,
  PostMode,
  ReportType,
  Theme,
  UserStatus,
} from './words.ts';

/** One call: the schema of its input and, as a type only, its answer. */
export interface Call<Input extends z.ZodType, Output> {
  input: Input;
  /** Never set: carries the answer's type. */
  readonly output?: Output;
}

function call<Output>() {
  return <Input extends z.ZodType>(input: Input): Call<Input, Output> => ({ input });
}

// ---- answers ---------------------------------------------------------------------------------

/** Every refusal, in PostgREST's shape; `message` is its key (docs/product.md ): `TITLE TOO SHORT`… */
export interface ErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

/** Most writes answer just this. */
export interface Ok {
  ok: true;
}

/** An uploaded file: its name and the host it is served from. */
export interface FileRef {
  file: string;
  cdn: string;
}

export interface Captcha {
  id: string;
  /** SVG markup; shown through an <img> data URL, never injected into the page. */
  svg: string;
}

export interface VerifyResult {
  ok: true;
  kind: 'account' | 'email';
  user: string;
}

/** The periodic session check: `logout` when the server no longer knows the session. */
export type UserCheck =
  | { status: 'logout' }
  | { status: 'ok'; notifs: number; chats: number; rating: number; roles: string[] };

export interface SentMessage {
  ok: true;
  chat: string;
  id: number;
  body: string;
  created: string;
}

/** A post's own text as written, for the editor. */
export interface PostSource {
  post: number;
  kind: PostKind;
  mode: PostMode;
  parent: number | null;
  title: string | null;
  url: string | null;
  /** The text as written. */
  body: string;
  files: string[];
}

export type Vote = 1 | -1 | 0;

export interface VoteResult {
  post: number;
  voted: Vote;
  upvotes: number;
  downvotes: number;
  value: number;
}

export interface TagUpdated {
  ok: true;
  tag: string;
  owner: string;
  about: string;
  about_html: string;
}

/** A remote's release channel after a change (releases of the remotes). */
export interface ReleaseChannel {
  remote: string;
  stable: string;
  canary: string | null;
  percent: number;
  canary_started: string | null;
  /** A progressive rollout's shares, or null for a canary moved by hand. */
  steps: number[] | null;
  pause_seconds: number | null;
}

/** A preview link (or a local build's): its address is shown once, the release log names only its id. */
export interface ReleasePreviewLink {
  ok: true;
  /** The whole link to open in a signed-in browser. */
  url: string;
  /** A short id of the link, as the release log names it. */
  id: string;
  remote: string;
  /** The previewed version, or null for a local build. */
  version: string | null;
  /** A local build's entry, or null for a published version. */
  entry: string | null;
  expires: string;
}

export interface ReleaseTokenCreated {
  ok: true;
  id: number;
  /** Shown once: only its SHA-256 is stored. */
  token: string;
  expires: string | null;
}

/** A post or comment as the data export lists it (the text as written). */
export type ExportedPost = {
  post: number;
  kind: PostKind;
  mode: PostMode;
  parent: number | null;
  thread: number | null;
  title: string | null;
  url: string | null;
  text: string;
  files: string[];
  tags: string[];
  upvotes: number;
  downvotes: number;
  replies: number;
  created: string;
  updated: string | null;
};

/** A follow or block: of a user, a tag or a domain. */
export interface ExportedPerk {
  user: string | null;
  tag: string | null;
  domain: string | null;
  created: string;
}

/** Everything an account holds (`account_export`; GDPR art. 15 and 20). */
export interface AccountExport {
  exported: string;
  profile: {
    username: string;
    email: string;
    status: UserStatus;
    roles: string[];
    rating: number;
    theme: Theme;
    nsfw: NsfwSetting;
    avatar: string | null;
    posts: number;
    comments: number;
    created: string;
    seen: string;
  };
  posts: ExportedPost[];
  comments: ExportedPost[];
  drafts: ExportedPost[];
  votes: { post: number; vote: 1 | -1; voted: string }[];
  favorites: { post: number; favorited: string }[];
  reports: { post: number; type: ReportType }[];
  follows: ExportedPerk[];
  blocks: ExportedPerk[];
  chats: { with: string; messages: { from: string; text: string; created: string }[] }[];
  files: {
    file: string;
    url: string;
    mime: string;
    bytes: number;
    width: number | null;
    height: number | null;
    created: string;
  }[];
  /** This account's devices for Web Push, with their switches. */
  push_subscriptions: PushSubscriptionRow[];
}

type PerkDone<Action extends PerkAction> = { ok: true } & Record<Action, boolean>;

// ---- the calls ---------------------------------------------------------------------------------

export const contract = {
  // accounts
  captcha_create: call<Captcha>()(emptyInput),
  user_join: call<Ok>()(userJoinInput),
  user_verify: call<VerifyResult>()(userVerifyInput),
  /** `deletion_cancelled`: the account was waiting to be deleted, and signing in kept it. */
  user_login: call<{ ok: true; deletion_cancelled?: true }>()(userLoginInput),
  user_logout: call<Ok>()(emptyInput),
  user_check: call<UserCheck>()(emptyInput),
  user_update: call<Ok>()(userUpdateInput),
  user_reset_request: call<Ok>()(resetRequestInput),
  user_reset: call<{ ok: true; user: string }>()(resetPasswordInput),
  password_change: call<Ok>()(passwordChangeInput),
  email_change: call<Ok>()(emailChangeInput),
  account_export: call<AccountExport>()(emptyInput),
  /** `due`: when the account will be erased unless its owner signs in before. */
  account_delete: call<{ ok: true; due: string }>()(accountDeleteInput),
  // notifications, chats, moderation
  notifications_seen: call<{ ok: true; notifs: number }>()(notificationsSeenInput),
  chat_send: call<SentMessage>()(chatSendInput),
  push_subscribe: call<PushSubscriptionRow>()(pushSubscribeInput),
  push_unsubscribe: call<Ok>()(pushUnsubscribeInput),
  chat_read: call<{ ok: true; chats: number }>()(chatReadInput),
  moderate: call<Ok>()(moderateInput),
  user_unban: call<Ok>()(userUnbanInput),
  /** A banned user's appeal against their ban in force (name and password: they have no session). */
  ban_appeal: call<Ok>()(banAppealInput),
  /** A moderator accepts (the ban ends) or rejects an open appeal. */
  appeal_decide: call<Ok>()(appealDecideInput),
  // writing posts, drafts, uploads
  post_create: call<{ post: number }>()(postCreateInput),
  post_update: call<{ post: number }>()(postUpdateInput),
  post_edit: call<PostSource>()(postRefInput),
  post_delete: call<{ ok: true; post: number }>()(postRefInput),
  post_report: call<{ ok: true; reported: boolean }>()(postReportInput),
  draft_upsert: call<{ post: number }>()(draftUpsertInput),
  file_create: call<FileRef>()(fileCreateInput),
  // feeds: votes, favourites, opens, follows and blocks, tags
  post_vote: call<VoteResult>()(postVoteInput),
  favorite_post: call<{ post: number; favorite: boolean }>()(favoritePostInput),
  post_open: call<Ok>()(postRefInput),
  follow_user: call<PerkDone<'follow'>>()(followUserInput),
  follow_tag: call<PerkDone<'follow'>>()(followTagInput),
  follow_domain: call<PerkDone<'follow'>>()(followDomainInput),
  block_user: call<PerkDone<'block'>>()(blockUserInput),
  block_tag: call<PerkDone<'block'>>()(blockTagInput),
  block_domain: call<PerkDone<'block'>>()(blockDomainInput),
  tag_update: call<TagUpdated>()(tagUpdateInput),
  tag_drop: call<Ok>()(tagDropInput),
  // releases of the remotes: a team's token or an admin; tokens: admins
  release_canary: call<{ ok: true; channel: ReleaseChannel }>()(releaseCanaryInput),
  release_rollout: call<{ ok: true; channel: ReleaseChannel }>()(releaseRolloutInput),
  release_promote: call<{ ok: true; channel: ReleaseChannel }>()(releasePromoteInput),
  release_rollback: call<{ ok: true; channel?: ReleaseChannel; action?: string }>()(releaseRollbackInput),
  release_token_create: call<ReleaseTokenCreated>()(releaseTokenCreateInput),
  release_token_revoke: call<Ok>()(releaseTokenRevokeInput),
  // previews and local builds: a team's token or an admin makes the link; admins name the teams
  release_preview: call<ReleasePreviewLink>()(releasePreviewInput),
  release_dev_override: call<ReleasePreviewLink>()(releaseDevOverrideInput),
  /** Ends this browser's previews and local builds (clears its preview cookie). */
  release_preview_end: call<Ok>()(emptyInput),
  release_member_add: call<Ok>()(releaseMemberInput),
  release_member_remove: call<Ok>()(releaseMemberInput),
} as const;

export type Contract = typeof contract;
export type CallName = keyof Contract;
/** What a caller sends (before the schema's defaults and coercions). */
export type CallInput<Name extends CallName> = z.input<Contract[Name]['input']>;
/** What a handler receives (after them). */
export type CallParsed<Name extends CallName> = z.output<Contract[Name]['input']>;
export type CallOutput<Name extends CallName> = NonNullable<Contract[Name]['output']>;

/** The perk calls by action and target (`follow_user`, `block_domain`, …). */
export type PerkCall = `${PerkAction}_${PerkTarget}`;
