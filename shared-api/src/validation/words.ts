/**
 * The site's word lists, declared once. The zod schemas, the types of the API's answers, the
 * server and the forms take them from here, and the database's CHECK constraints hold the same
 * words: server/test/words.test.ts reads each constraint from the catalogue and compares, so a
 * migration that adds a word without this file (or the reverse) fails the tests.
 *
 * No zod here: the shell's first load imports these lists (shell/src/firstLoad.test.ts).
 */

/** A titled post, a micropost, a comment (docs/product.md R-3.1 `kind`). */
export const POST_KINDS = ['post', 'micro', 'comment'] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** Where a post stands: shown, being written, deleted by its author, removed by a moderator. */
export const POST_MODES = ['public', 'draft', 'deleted', 'excluded'] as const;
export type PostMode = (typeof POST_MODES)[number];

/** What a report says is wrong with a post (docs/product.md ). */
export const REPORT_TYPES = ['rules', 'porn', 'nsfw'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** How a moderator resolves a reported post (`moderate`, docs/product.md ). */
export const MODERATE_RESOLUTIONS = [
  'delete-post',
  'ban-user',
  'ban-user-and-delete-post',
  'ban-user-and-delete-all-posts',
] as const;
export type ModerateResolve = (typeof MODERATE_RESOLUTIONS)[number];

export const THEMES = ['dark', 'light', 'default'] as const;
export type Theme = (typeof THEMES)[number];
/**
 * Each theme's top bar colour (shared-ui/src/styles.css `--color-topbar-bg`), which the browser's
 * own bar takes (`<meta name="theme-color">`, written by the server and kept by applyTheme).
 */
export const THEME_COLORS: Record<Theme, string> = { dark: '#181b21', light: '#ffffff', default: '#0b4f8a' };

/** Whether adult content is shown to a reader. */
export const NSFW_SETTINGS = ['hidden', 'visible'] as const;
export type NsfwSetting = (typeof NSFW_SETTINGS)[number];

/** A deleted account keeps its row, erased, for the posts it may leave behind. */
export const USER_STATUSES = ['inactive', 'active', 'banned', 'deleted'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Follows and blocks (docs/product.md ): what is done, and to what. */
export const PERK_ACTIONS = ['follow', 'block'] as const;
export type PerkAction = (typeof PERK_ACTIONS)[number];
export const PERK_TARGETS = ['user', 'tag', 'domain'] as const;
export type PerkTarget = (typeof PERK_TARGETS)[number];

/** A reply, a mention, or a moderator's decision on one's ban appeal (docs/product.md ). */
export const NOTIFICATION_KINDS = ['reply', 'mention', 'appeal'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What the release log records (releases of the remotes). */
export const RELEASE_LOG_ACTIONS = [
  'publish',
  'canary',
  'percent',
  'step',
  'promote',
  'rollback',
  'auto-rollback',
  // previews and local builds (server/src/releases/previews.ts), a team's members (members.ts)
  'preview',
  'dev-override',
  'team',
] as const;
export type ReleaseLogAction = (typeof RELEASE_LOG_ACTIONS)[number];

/**
 * What the moderation log records (the admins' list on /moderated; the public one on /modlog shows
 * all but rejected appeals, docs/product.md R-10.11): a tag taken by a user or given up by its
 * owner (public again) is logged too.
 */
export const MODERATION_LOG_ACTIONS = [
  'delete-post',
  'ban',
  'unban',
  'ban-ended',
  'appeal-accepted',
  'appeal-rejected',
  'tag-taken',
  'tag-dropped',
] as const;
export type ModerationLogAction = (typeof MODERATION_LOG_ACTIONS)[number];

/**
 * The public moderation log's kinds (/modlog, its filter): removals of posts and comments, bans
 * (given, lifted, ended, ended on appeal), tags taken and made public again. The database
 * derives each entry's kind from its action (moderation_log.kind).
 */
export const MODLOG_KINDS = ['removal', 'ban', 'tag'] as const;
export type ModlogKind = (typeof MODLOG_KINDS)[number];

/** Where a ban appeal stands: waiting for a moderator, accepted (the ban ended), rejected. */
export const APPEAL_STATUSES = ['open', 'accepted', 'rejected'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/** How long a moderator bans for. */
export const BAN_PERIODS = ['day', 'week', 'month', 'forever'] as const;
export type BanPeriod = (typeof BAN_PERIODS)[number];

/** What happens to a deleted account's posts and comments: they stay authorless, or go. */
export const DELETION_CONTENT = ['keep', 'delete'] as const;
export type DeletionContent = (typeof DELETION_CONTENT)[number];
