-- Feeds: the hot rank, vote/rating/tag/user counters and one index per feed query.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18). Each index names the query it serves.
--
-- Counters are kept here by triggers, in the same transaction as the change:
--   posts.upvotes / downvotes  <- post_actions.vote changes
--   posts.hot                  <- on insert, on publish, on every vote (and by the batch refresher)
--   users.rating               <- +1 for each upvote and -1 for each downvote a user's post or comment
--                                 receives. Votes can only be cast on public posts, so every counted
--                                 vote was cast on a public post; a vote that is withdrawn (by the
--                                 voter, or when the author blocks the voter) is taken back.
--   users.posts / comments     <- public top-level posts / public comments of the user
--   tags.count                 <- public top-level posts carrying the tag
--
-- Lock order (every writer takes rows in this order, so two writers never wait in a cycle):
--   perks -> post_actions -> posts (ascending id) -> users (author) -> tags (ascending tag)

-- Hot rank (see server/src/ranking/hot.ts for why this formula): Lemmy's
--   10000 * log10(max(1, 3 + score)) / (hours + 2) ^ 1.8
-- frozen at 0 after 7 days, so only a week of posts ever needs refreshing.
CREATE FUNCTION gwar_hot(score integer, created timestamptz, at timestamptz)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN at - created > interval '7 days' THEN 0::double precision
    ELSE 10000 * log(greatest(1, 3 + score)::double precision)
         / power(greatest(extract(epoch FROM at - created)::double precision / 3600, 0) + 2, 1.8)
  END
$$;

-- The rank of a new or newly published top-level post; comments and non-public posts rank 0.
CREATE FUNCTION posts_hot_before() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent IS NULL AND NEW.mode = 'public' THEN
    NEW.hot := gwar_hot(NEW.upvotes - NEW.downvotes, NEW.created, now());
  ELSE
    NEW.hot := 0;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER posts_hot_insert BEFORE INSERT ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_hot_before();
CREATE TRIGGER posts_hot_mode BEFORE UPDATE OF mode, created ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_hot_before();

-- Votes: post counters, rank and the author's rating, from one post_actions row change.
CREATE FUNCTION post_actions_votes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_vote integer := 0;
  new_vote integer := 0;
  up_delta integer;
  down_delta integer;
  target integer;
  author integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_vote := coalesce(OLD.vote, 0); target := OLD.post_id; END IF;
  IF TG_OP <> 'DELETE' THEN new_vote := coalesce(NEW.vote, 0); target := NEW.post_id; END IF;
  IF old_vote = new_vote THEN RETURN NULL; END IF;
  up_delta := (new_vote = 1)::integer - (old_vote = 1)::integer;
  down_delta := (new_vote = -1)::integer - (old_vote = -1)::integer;

  UPDATE posts p
     SET upvotes = p.upvotes + up_delta,
         downvotes = p.downvotes + down_delta,
         hot = CASE WHEN p.parent IS NULL AND p.mode = 'public'
                    THEN gwar_hot(p.upvotes + up_delta - p.downvotes - down_delta, p.created, now())
                    ELSE p.hot END
   WHERE p.id = target
  RETURNING p.user_id INTO author;

  IF author IS NOT NULL THEN
    UPDATE users SET rating = rating + (new_vote - old_vote) WHERE id = author;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER post_actions_votes AFTER INSERT OR UPDATE OF vote OR DELETE ON post_actions
  FOR EACH ROW EXECUTE FUNCTION post_actions_votes();

-- users.posts / users.comments and tags.count follow public posts.
CREATE FUNCTION posts_feed_counters() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_public boolean := false;
  is_public boolean := false;
  old_tags text[] := '{}';
  new_tags text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN was_public := OLD.mode = 'public'; END IF;
  IF TG_OP <> 'DELETE' THEN is_public := NEW.mode = 'public'; END IF;

  IF was_public IS DISTINCT FROM is_public THEN
    IF coalesce(NEW.parent, OLD.parent) IS NULL THEN
      UPDATE users SET posts = greatest(posts + CASE WHEN is_public THEN 1 ELSE -1 END, 0)
       WHERE id = coalesce(NEW.user_id, OLD.user_id);
    ELSE
      UPDATE users SET comments = greatest(comments + CASE WHEN is_public THEN 1 ELSE -1 END, 0)
       WHERE id = coalesce(NEW.user_id, OLD.user_id);
    END IF;
  END IF;

  -- Tags count public top-level posts only.
  IF was_public AND OLD.parent IS NULL THEN old_tags := OLD.tags; END IF;
  IF is_public AND NEW.parent IS NULL THEN new_tags := NEW.tags; END IF;
  IF old_tags IS DISTINCT FROM new_tags THEN
    UPDATE tags t SET count = greatest(t.count - 1, 0)
      FROM (SELECT DISTINCT x FROM unnest(old_tags) x WHERE NOT x = ANY(new_tags) ORDER BY x) gone
     WHERE t.tag = gone.x;
    INSERT INTO tags AS t (tag, count)
      SELECT DISTINCT x, 1 FROM unnest(new_tags) x WHERE NOT x = ANY(old_tags) ORDER BY x
      ON CONFLICT (tag) DO UPDATE SET count = t.count + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER posts_feed_counters_insert AFTER INSERT ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_feed_counters();
CREATE TRIGGER posts_feed_counters_update AFTER UPDATE OF mode, tags ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_feed_counters();
CREATE TRIGGER posts_feed_counters_delete AFTER DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_feed_counters();

-- serves: home feed, hot tab: GET /api/feed?kind=eq.post&order=hot.desc,post.desc (keyset on hot, post)
CREATE INDEX posts_feed_hot_idx ON posts (kind, hot DESC, id DESC) WHERE parent IS NULL AND mode = 'public';
-- serves: home newest tab and /microblog: GET /api/feed?kind=eq.post|micro&order=post.desc (keyset on post)
CREATE INDEX posts_feed_newest_idx ON posts (kind, id DESC) WHERE parent IS NULL AND mode = 'public';
-- serves: /lurking (GET /api/lurking?order=post.desc) and the tag feed's scan for common tags
CREATE INDEX posts_public_top_idx ON posts (id DESC) WHERE parent IS NULL AND mode = 'public';
-- serves: home top of day/week (GET /api/feed?kind=eq.post&created=gt.{since}&order=value.desc,post.desc)
-- and the rank refresher's walk over the last week
CREATE INDEX posts_public_created_idx ON posts (created, id) WHERE parent IS NULL AND mode = 'public';
-- serves: the tag feed GET /api/feed?tags=cs.{tag}&order=post.desc (rare tags) and /lurking's followed tags
CREATE INDEX posts_public_tags_idx ON posts USING gin (tags) WHERE parent IS NULL AND mode = 'public';
-- serves: GET /api/previews?uber=in.(...) (the 2 newest comments of each micropost on /microblog)
CREATE INDEX posts_thread_newest_idx ON posts (uber, created DESC, id DESC) WHERE parent IS NOT NULL AND mode = 'public';
-- serves: withdrawing a blocked user's votes on the blocker's posts (post_actions by voter, posts by author)
CREATE INDEX posts_user_idx ON posts (user_id, id);
-- serves: the viewer's perks, aggregated once per feed request (blocked/followed arrays), and GET /api/perks
CREATE INDEX perks_user_idx ON perks (user_id, action);
-- serves: tag autocomplete and lookups by prefix, owned or not: GET /api/tags?tag=like.{prefix}*
CREATE INDEX tags_prefix_idx ON tags (tag text_pattern_ops);
