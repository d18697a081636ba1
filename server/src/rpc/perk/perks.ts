/** The six perk calls (spec §7), all from one factory (`define.ts`). */
import {
  blockDomainInput,
  blockTagInput,
  blockUserInput,
  followDomainInput,
  followTagInput,
  followUserInput,
} from 'shared-api/validation';
import { perkRpc } from './define.ts';

export const followUser = perkRpc('follow', 'user', followUserInput);
export const followTag = perkRpc('follow', 'tag', followTagInput);
export const followDomain = perkRpc('follow', 'domain', followDomainInput);
export const blockUser = perkRpc('block', 'user', blockUserInput);
export const blockTag = perkRpc('block', 'tag', blockTagInput);
export const blockDomain = perkRpc('block', 'domain', blockDomainInput);

export const perkRpcs = [followUser, followTag, followDomain, blockUser, blockTag, blockDomain];
