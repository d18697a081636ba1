/**
 * The six perk calls (docs/product.md ): follow or block a user, a tag or a domain, with one
 * toggle.
 */

import { defineRpc } from '../define.ts';
import { perkToggle } from './toggle.ts';

export const followUser = defineRpc('follow_user', perkToggle('follow', 'user'));
export const followTag = defineRpc('follow_tag', perkToggle('follow', 'tag'));
export const followDomain = defineRpc('follow_domain', perkToggle('follow', 'domain'));
export const blockUser = defineRpc('block_user', perkToggle('block', 'user'));
export const blockTag = defineRpc('block_tag', perkToggle('block', 'tag'));
export const blockDomain = defineRpc('block_domain', perkToggle('block', 'domain'));
