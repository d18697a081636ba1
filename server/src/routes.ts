/**
 * The one routes table: every read resource (`GET /api/<name>`) and every call
 * (`POST /api/rpc/<name>`). Handlers live one per file, grouped by area and named by verb.
 */
import type { FastifyInstance } from 'fastify';
import type { CallName } from 'shared-api/contract';
import type { ServedReadName } from 'shared-api/reads';
import { registerFileRoutes } from './files/serve.ts';
import { registerLive } from './http/live.ts';
import { registerFeeds } from './pages/feeds.ts';
import { aliasResource, type Resource } from './postgrest/resource.ts';
import { banAppealsRead } from './read/banAppeals.ts';
import { chatsResource } from './read/chats.ts';
import { draftsRead } from './read/drafts.ts';
import { messagesResource } from './read/messages.ts';
import { moderationLogRead } from './read/moderationLog.ts';
import { modlogRead } from './read/modlog.ts';
import { notificationsResource } from './read/notifications.ts';
import { perksRead } from './read/perks.ts';
import { favoritesRead, feedRead, latestCommentsRead, lurkingRead, postsRead } from './read/posts.ts';
import { profilesResource } from './read/profiles.ts';
import { pushKeyRead } from './read/pushKey.ts';
import { pushSubscriptionsRead } from './read/pushSubscriptions.ts';
import { reportsResource } from './read/reports.ts';
import { tagsRead } from './read/tags.ts';
import { usersResource } from './read/users.ts';
import { votesRead } from './read/votes.ts';
import { releaseCanary } from './releases/calls/canary.ts';
import { releaseDevOverride } from './releases/calls/devOverride.ts';
import { releaseMemberAdd } from './releases/calls/memberAdd.ts';
import { releaseMemberRemove } from './releases/calls/memberRemove.ts';
import { releasePreview } from './releases/calls/preview.ts';
import { releasePreviewEnd } from './releases/calls/previewEnd.ts';
import { releasePromote } from './releases/calls/promote.ts';
import { releaseRollback } from './releases/calls/rollback.ts';
import { releaseRollout } from './releases/calls/rollout.ts';
import { releaseTokenCreate } from './releases/calls/tokenCreate.ts';
import { releaseTokenRevoke } from './releases/calls/tokenRevoke.ts';
import {
  releaseChannelsRead,
  releaseErrorsRead,
  releaseHealthMinutesRead,
  releaseLogRead,
  releaseMembersRead,
  releasesRead,
  releaseTokensRead,
} from './releases/reads.ts';
import { registerReleaseRoutes } from './releases/routes.ts';
import { accountDelete } from './rpc/account/delete.ts';
import { accountExport } from './rpc/account/export.ts';
import { chatRead } from './rpc/chat/read.ts';
import { chatSend } from './rpc/chat/send.ts';
import type { RpcDefinition } from './rpc/define.ts';
import { draftUpsert } from './rpc/draft/upsert.ts';
import { fileCreate } from './rpc/file/create.ts';
import { banAppeal } from './rpc/moderation/appeal.ts';
import { appealDecide } from './rpc/moderation/decide.ts';
import { moderate } from './rpc/moderation/moderate.ts';
import { userUnban } from './rpc/moderation/unban.ts';
import { notificationsSeen } from './rpc/notification/seen.ts';
import { blockDomain, blockTag, blockUser, followDomain, followTag, followUser } from './rpc/perk/perks.ts';
import { postCreate } from './rpc/post/create.ts';
import { postDelete } from './rpc/post/delete.ts';
import { postEdit } from './rpc/post/edit.ts';
import { favoritePost } from './rpc/post/favorite.ts';
import { postOpen } from './rpc/post/open.ts';
import { postReport } from './rpc/post/report.ts';
import { postUpdate } from './rpc/post/update.ts';
import { postVote } from './rpc/post/vote.ts';
import { pushSubscribe } from './rpc/push/subscribe.ts';
import { pushUnsubscribe } from './rpc/push/unsubscribe.ts';
import { tagDrop } from './rpc/tag/drop.ts';
import { tagUpdate } from './rpc/tag/update.ts';
import { captchaCreate } from './rpc/user/captcha.ts';
import { userCheck } from './rpc/user/check.ts';
import { emailChange } from './rpc/user/emailChange.ts';
import { userJoin } from './rpc/user/join.ts';
import { userLogin } from './rpc/user/login.ts';
import { userLogout } from './rpc/user/logout.ts';
import { passwordChange } from './rpc/user/passwordChange.ts';
import { userReset } from './rpc/user/reset.ts';
import { userResetRequest } from './rpc/user/resetRequest.ts';
import { userUpdate } from './rpc/user/update.ts';
import { userVerify } from './rpc/user/verify.ts';

/**
 * Every read resource of the read contract (shared-api/src/validation/reads.ts), by name: a
 * resource the contract does not declare, or a declared one without its resource here, fails
 * the type check.
 */
const readResources: { [Name in ServedReadName]: Resource<Name> } = {
  // accounts
  users: usersResource,
  profiles: profilesResource,
  // notifications, chats, moderation
  notifications: notificationsResource,
  chats: chatsResource,
  messages: messagesResource,
  push_key: pushKeyRead,
  push_subscriptions: pushSubscriptionsRead,
  reports: reportsResource,
  moderation_log: moderationLogRead,
  modlog: modlogRead,
  ban_appeals: banAppealsRead,
  // writing posts
  drafts: draftsRead,
  // feeds, votes, perks, tags
  posts: postsRead,
  feed: feedRead,
  lurking: lurkingRead,
  favorites: favoritesRead,
  latest_comments: latestCommentsRead,
  // Deprecated: the latest comments' first name; remote builds already published to the release store still request it.
  previews: aliasResource(latestCommentsRead, 'previews'),
  votes: votesRead,
  perks: perksRead,
  tags: tagsRead,
  // releases of the remotes (admins and release tokens)
  release_channels: releaseChannelsRead,
  release_errors: releaseErrorsRead,
  release_health_minutes: releaseHealthMinutesRead,
  releases: releasesRead,
  release_log: releaseLogRead,
  release_tokens: releaseTokensRead,
  release_members: releaseMembersRead,
};

export const readRoutes: Resource[] = Object.values(readResources);

/**
 * Every call of the contract (shared-api/src/validation/contract.ts) with its handler, by name: a call
 * without a handler, or a handler registered under another call's name, fails the type check.
 */
const rpcHandlers: { [Name in CallName]: RpcDefinition<Name> } = {
  // accounts
  captcha_create: captchaCreate,
  user_join: userJoin,
  user_verify: userVerify,
  user_login: userLogin,
  user_logout: userLogout,
  user_check: userCheck,
  user_update: userUpdate,
  user_reset_request: userResetRequest,
  user_reset: userReset,
  password_change: passwordChange,
  email_change: emailChange,
  account_export: accountExport,
  account_delete: accountDelete,
  // notifications, chats, moderation
  notifications_seen: notificationsSeen,
  chat_send: chatSend,
  chat_read: chatRead,
  push_subscribe: pushSubscribe,
  push_unsubscribe: pushUnsubscribe,
  moderate,
  user_unban: userUnban,
  ban_appeal: banAppeal,
  appeal_decide: appealDecide,
  // writing posts, drafts, uploads
  post_create: postCreate,
  post_update: postUpdate,
  post_edit: postEdit,
  post_delete: postDelete,
  post_report: postReport,
  draft_upsert: draftUpsert,
  file_create: fileCreate,
  // feeds: votes, favourites, opens, follows and blocks, tags
  post_vote: postVote,
  favorite_post: favoritePost,
  post_open: postOpen,
  follow_user: followUser,
  follow_tag: followTag,
  follow_domain: followDomain,
  block_user: blockUser,
  block_tag: blockTag,
  block_domain: blockDomain,
  tag_update: tagUpdate,
  tag_drop: tagDrop,
  // releases of the remotes: a team's token or an admin; tokens: admins
  release_canary: releaseCanary,
  release_rollout: releaseRollout,
  release_promote: releasePromote,
  release_rollback: releaseRollback,
  release_token_create: releaseTokenCreate,
  release_token_revoke: releaseTokenRevoke,
  // previews and local builds: a team's token or an admin; teams: admins
  release_preview: releasePreview,
  release_dev_override: releaseDevOverride,
  release_preview_end: releasePreviewEnd,
  release_member_add: releaseMemberAdd,
  release_member_remove: releaseMemberRemove,
};

export const rpcRoutes: RpcDefinition[] = Object.values(rpcHandlers);

/** Routes outside the PostgREST grammar (uploaded files, live events, releases of the remotes, RSS feeds). */
export async function registerExtraRoutes(app: FastifyInstance): Promise<void> {
  registerFileRoutes(app);
  registerLive(app);
  registerReleaseRoutes(app);
  registerFeeds(app);
}
