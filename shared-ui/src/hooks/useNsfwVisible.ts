/**
 * docs/product.md: adult content is hidden unless the user's setting says visible, or an override
 * applies: `?nsfw=visible` in the address (signed-in users only) or the post modal's own
 * override (passed as `override`). Guests always get false.
 */
import { useLocation } from 'react-router-dom';
import { useSessionUser } from 'shared-api';

export const NSFW_QUERY = 'nsfw';

export function nsfwQueryOverride(search: string): boolean {
  return new URLSearchParams(search).get(NSFW_QUERY) === 'visible';
}

export function useNsfwVisible(override = false): boolean {
  const user = useSessionUser();
  const { search } = useLocation();
  if (!user) return false;
  return user.nsfw === 'visible' || override || nsfwQueryOverride(search);
}
