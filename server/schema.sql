--
-- PostgreSQL database dump
--

--
-- Name: chat_members_count(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.chat_members_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.unread > 0;
  now_unread boolean := TG_OP <> 'DELETE' AND NEW.unread > 0;
BEGIN
  IF now_unread AND NOT was THEN
    UPDATE users SET chats = chats + 1 WHERE id = NEW.user_id;
  ELSIF was AND NOT now_unread THEN
    UPDATE users SET chats = greatest(chats - 1, 0) WHERE id = OLD.user_id;
  END IF;
  RETURN NULL;
END $$;

--
-- Name: gwar_fold(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.gwar_fold(input text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
  SELECT translate(lower(input),
    'ąćęłńóśźżĄĆĘŁŃÓŚŹŻàáâãäåçèéêëìíîïñòôõöùúûüýÿčďěňřšťůžÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÔÕÖÙÚÛÜÝČĎĚŇŘŠŤŮŽ',
    'acelnoszzACELNOSZZaaaaaaceeeeiiiinoooouuuuyycdenrstuzAAAAAACEEEEIIIINOOOOUUUUYCDENRSTUZ')
$$;

--
-- Name: gwar_hot(integer, timestamp with time zone, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.gwar_hot(score integer, created timestamp with time zone, at timestamp with time zone) RETURNS double precision
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT CASE
    WHEN at - created > interval '7 days' THEN 0::double precision
    ELSE 10000 * log(greatest(1, 3 + score)::double precision)
         / power(greatest(extract(epoch FROM at - created)::double precision / 3600, 0) + 2, 1.8)
  END
$$;

--
-- Name: messages_after_insert(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.messages_after_insert() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE chats SET last_message = NEW.id WHERE id = NEW.chat_id;
  UPDATE chat_members
     SET updated = NEW.created,
         unread = unread + CASE WHEN user_id = NEW.user_id THEN 0 ELSE 1 END
   WHERE chat_id = NEW.chat_id;
  RETURN NULL;
END $$;

--
-- Name: notifications_count_delete(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.notifications_count_delete() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE users u SET notifs = greatest(u.notifs - d.n, 0)
    FROM (SELECT user_id, count(*)::int AS n FROM old_rows WHERE NOT seen GROUP BY user_id) d
   WHERE u.id = d.user_id;
  RETURN NULL;
END $$;

--
-- Name: notifications_count_insert(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.notifications_count_insert() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE users u SET notifs = u.notifs + d.n
    FROM (SELECT user_id, count(*)::int AS n FROM new_rows WHERE NOT seen GROUP BY user_id) d
   WHERE u.id = d.user_id;
  RETURN NULL;
END $$;

--
-- Name: notifications_count_update(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.notifications_count_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE users u SET notifs = greatest(u.notifs + d.n, 0)
    FROM (SELECT n.user_id, sum(CASE WHEN n.seen THEN -1 ELSE 1 END)::int AS n
            FROM new_rows n JOIN old_rows o ON o.id = n.id
           WHERE n.seen <> o.seen
           GROUP BY n.user_id) d
   WHERE u.id = d.user_id AND d.n <> 0;
  RETURN NULL;
END $$;

--
-- Name: notifications_live(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.notifications_live() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM pg_notify('notification', json_build_object('user', r.user_id)::text)
     FROM (SELECT DISTINCT user_id FROM new_rows) r;
  RETURN NULL;
END $$;

--
-- Name: post_actions_report(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.post_actions_report() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  old_type text := CASE WHEN TG_OP = 'UPDATE' THEN OLD.report END;
BEGIN
  IF NEW.report IS NOT DISTINCT FROM old_type THEN RETURN NULL; END IF;
  IF NEW.report IS NULL THEN
    -- a report withdrawn
    UPDATE report_queue SET
      rules = rules - (old_type = 'rules')::int,
      porn = porn - (old_type = 'porn')::int,
      nsfw = nsfw - (old_type = 'nsfw')::int,
      total = total - 1
     WHERE post_id = NEW.post_id;
    DELETE FROM report_queue WHERE post_id = NEW.post_id AND total <= 0;
    RETURN NULL;
  END IF;
  INSERT INTO report_queue AS q (post_id, rules, porn, nsfw, total, reported)
  VALUES (NEW.post_id, (NEW.report = 'rules')::int, (NEW.report = 'porn')::int,
          (NEW.report = 'nsfw')::int, 1, coalesce(NEW.reported, now()))
  ON CONFLICT (post_id) DO UPDATE SET
    rules = q.rules + (NEW.report = 'rules')::int - coalesce((old_type = 'rules')::int, 0),
    porn = q.porn + (NEW.report = 'porn')::int - coalesce((old_type = 'porn')::int, 0),
    nsfw = q.nsfw + (NEW.report = 'nsfw')::int - coalesce((old_type = 'nsfw')::int, 0),
    total = q.total + CASE WHEN old_type IS NULL THEN 1 ELSE 0 END,
    reported = greatest(q.reported, EXCLUDED.reported);
  RETURN NULL;
END $$;

--
-- Name: post_actions_votes(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.post_actions_votes() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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

--
-- Name: post_search(text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.post_search(title text, source text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT to_tsvector('simple'::regconfig, public.gwar_fold(coalesce(title, '') || ' ' || coalesce(source, '')))
$$;

--
-- Name: posts_feed_counters(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.posts_feed_counters() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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

--
-- Name: posts_hot_before(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.posts_hot_before() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF NEW.parent IS NULL AND NEW.mode = 'public' THEN
    NEW.hot := gwar_hot(NEW.upvotes - NEW.downvotes, NEW.created, now());
  ELSE
    NEW.hot := 0;
  END IF;
  RETURN NEW;
END $$;

--
-- Name: posts_link_preview_queue(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.posts_link_preview_queue() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF NEW.mode = 'public' AND NEW.url IS NOT NULL AND NEW.preview IS NULL
     AND (TG_OP = 'INSERT' OR OLD.mode <> 'public' OR OLD.url IS DISTINCT FROM NEW.url) THEN
    INSERT INTO link_preview_jobs AS j (post_id, url) VALUES (NEW.id, NEW.url)
      ON CONFLICT (post_id) DO UPDATE SET url = EXCLUDED.url, attempts = 0, next_try = now(), last_error = NULL;
  ELSIF NEW.mode <> 'public' OR NEW.url IS NULL THEN
    DELETE FROM link_preview_jobs WHERE post_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

--
-- Name: posts_link_preview_reset(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.posts_link_preview_reset() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF NEW.url IS DISTINCT FROM OLD.url OR NEW.mode <> 'public' THEN
    NEW.preview := NULL;
  END IF;
  RETURN NEW;
END $$;

--
-- Name: posts_thread_counters(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.posts_thread_counters() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.mode = 'public' THEN delta := 1; END IF;
  ELSIF OLD.mode IS DISTINCT FROM NEW.mode THEN
    IF OLD.mode = 'public' THEN delta := -1;
    ELSIF NEW.mode = 'public' THEN delta := 1;
    END IF;
  END IF;
  IF delta = 0 THEN RETURN NULL; END IF;

  WITH RECURSIVE chain(id, parent) AS (
    SELECT p.id, p.parent FROM posts p WHERE p.id = NEW.parent
    UNION ALL
    SELECT p.id, p.parent FROM posts p JOIN chain c ON p.id = c.parent
  ),
  locked AS (
    SELECT p.id FROM posts p WHERE p.id IN (SELECT id FROM chain) ORDER BY p.id FOR NO KEY UPDATE
  )
  UPDATE posts p
     SET replies = greatest(p.replies + delta, 0),
         active = CASE WHEN delta > 0 THEN greatest(p.active, NEW.created) ELSE p.active END
    FROM locked
   WHERE p.id = locked.id;
  RETURN NULL;
END $$;

--
-- Name: posts_thread_version(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.posts_thread_version() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO thread_versions AS t (uber) VALUES (NEW.uber)
    ON CONFLICT (uber) DO UPDATE SET version = t.version + 1;
  RETURN NULL;
END $$;

--
-- Name: posts_topics_sync(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.posts_topics_sync() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.parent IS NULL AND OLD.mode = 'public' THEN
    DELETE FROM post_tags WHERE tag = ANY(OLD.tags) AND post_id = OLD.id;
    DELETE FROM post_domains WHERE domain = ANY(OLD.domains) AND post_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.parent IS NULL AND NEW.mode = 'public' THEN
    INSERT INTO post_tags (tag, post_id) SELECT DISTINCT x, NEW.id FROM unnest(NEW.tags) x;
    INSERT INTO post_domains (domain, post_id) SELECT DISTINCT x, NEW.id FROM unnest(NEW.domains) x;
  END IF;
  RETURN NULL;
END $$;

--
-- Name: account_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account_tokens (
    token_hash bytea NOT NULL,
    user_id integer NOT NULL,
    kind text NOT NULL,
    email text,
    created timestamp with time zone DEFAULT now() NOT NULL,
    expires timestamp with time zone NOT NULL,
    used timestamp with time zone,
    CONSTRAINT account_tokens_check CHECK (((kind = 'email'::text) = (email IS NOT NULL))),
    CONSTRAINT account_tokens_kind_check CHECK ((kind = ANY (ARRAY['verify'::text, 'reset'::text, 'email'::text])))
);

--
-- Name: ban_appeals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ban_appeals (
    id integer NOT NULL,
    ban_id integer NOT NULL,
    user_id integer NOT NULL,
    source text NOT NULL,
    body text NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    decided timestamp with time zone,
    moderator_id integer,
    answer text,
    CONSTRAINT ban_appeals_status_check CHECK ((status = ANY (ARRAY['open'::text, 'accepted'::text, 'rejected'::text])))
);

--
-- Name: ban_appeals_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.ban_appeals ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.ban_appeals_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: bans; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.bans (
    id integer NOT NULL,
    user_id integer NOT NULL,
    moderator_id integer,
    reason text NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL,
    ends timestamp with time zone,
    lifted timestamp with time zone,
    lifted_by integer
);

--
-- Name: bans_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.bans ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.bans_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: captchas; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.captchas (
    id text NOT NULL,
    text_hash bytea NOT NULL,
    expires timestamp with time zone NOT NULL
);

--
-- Name: chat_members; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.chat_members (
    chat_id text NOT NULL,
    user_id integer NOT NULL,
    other_id integer NOT NULL,
    unread integer DEFAULT 0 NOT NULL,
    updated timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT chat_members_check CHECK ((user_id <> other_id))
);

--
-- Name: chats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.chats (
    id text NOT NULL,
    last_message integer,
    created timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT chats_id_check CHECK ((id ~ '^[a-z0-9_]{3,30}-[a-z0-9_]{3,30}$'::text))
);

--
-- Name: files; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.files (
    file text NOT NULL,
    user_id integer NOT NULL,
    mime text NOT NULL,
    bytes integer NOT NULL,
    width integer,
    height integer,
    created timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: link_preview_files; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.link_preview_files (
    file text NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: link_preview_jobs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.link_preview_jobs (
    post_id integer NOT NULL,
    url text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_try timestamp with time zone DEFAULT now() NOT NULL,
    last_error text
);

--
-- Name: login_failures; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.login_failures (
    name text NOT NULL,
    failures integer NOT NULL,
    window_start timestamp with time zone NOT NULL
);

--
-- Name: messages; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.messages (
    id integer NOT NULL,
    chat_id text NOT NULL,
    user_id integer NOT NULL,
    source text NOT NULL,
    body text NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: messages_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.messages ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.messages_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: moderation; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.moderation (
    id integer NOT NULL,
    post_id integer NOT NULL,
    author_id integer NOT NULL,
    moderator_id integer NOT NULL,
    resolve text NOT NULL,
    rules integer DEFAULT 0 NOT NULL,
    porn integer DEFAULT 0 NOT NULL,
    nsfw integer DEFAULT 0 NOT NULL,
    total integer DEFAULT 0 NOT NULL,
    title text,
    excerpt text DEFAULT ''::text NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT moderation_resolve_check CHECK ((resolve = ANY (ARRAY['delete-post'::text, 'ban-user'::text, 'ban-user-and-delete-post'::text, 'ban-user-and-delete-all-posts'::text])))
);

--
-- Name: moderation_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.moderation ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.moderation_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: moderation_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.moderation_log (
    id integer NOT NULL,
    actor_id integer,
    action text NOT NULL,
    target_id integer,
    post_id integer,
    reason text,
    ends timestamp with time zone,
    created timestamp with time zone DEFAULT now() NOT NULL,
    tag text,
    kind text GENERATED ALWAYS AS (
CASE
    WHEN (action = 'delete-post'::text) THEN 'removal'::text
    WHEN (action = ANY (ARRAY['ban'::text, 'unban'::text, 'ban-ended'::text, 'appeal-accepted'::text])) THEN 'ban'::text
    WHEN (action = ANY (ARRAY['tag-taken'::text, 'tag-dropped'::text])) THEN 'tag'::text
    ELSE NULL::text
END) STORED,
    CONSTRAINT moderation_log_action_check CHECK ((action = ANY (ARRAY['delete-post'::text, 'ban'::text, 'unban'::text, 'ban-ended'::text, 'appeal-accepted'::text, 'appeal-rejected'::text, 'tag-taken'::text, 'tag-dropped'::text])))
);

--
-- Name: moderation_log_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.moderation_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.moderation_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: notifications; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notifications (
    id integer NOT NULL,
    user_id integer NOT NULL,
    kind text NOT NULL,
    post_id integer,
    actor_id integer,
    seen boolean DEFAULT false NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL,
    appeal_id integer,
    CONSTRAINT notifications_kind_check CHECK ((kind = ANY (ARRAY['reply'::text, 'mention'::text, 'appeal'::text]))),
    CONSTRAINT notifications_subject_check CHECK (
CASE
    WHEN (kind = 'appeal'::text) THEN (appeal_id IS NOT NULL)
    ELSE ((post_id IS NOT NULL) AND (actor_id IS NOT NULL))
END)
);

--
-- Name: notifications_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.notifications ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.notifications_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: perks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.perks (
    user_id integer NOT NULL,
    action text NOT NULL,
    target_user integer,
    target_tag text,
    target_domain text,
    created timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT perks_action_check CHECK ((action = ANY (ARRAY['follow'::text, 'block'::text]))),
    CONSTRAINT perks_check CHECK ((num_nonnulls(target_user, target_tag, target_domain) = 1))
);

--
-- Name: post_actions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.post_actions (
    user_id integer NOT NULL,
    post_id integer NOT NULL,
    vote smallint,
    voted timestamp with time zone,
    favorite timestamp with time zone,
    report text,
    reported timestamp with time zone,
    CONSTRAINT post_actions_report_check CHECK ((report = ANY (ARRAY['rules'::text, 'porn'::text, 'nsfw'::text]))),
    CONSTRAINT post_actions_vote_check CHECK ((vote = ANY (ARRAY['-1'::integer, 1])))
);

--
-- Name: post_domains; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.post_domains (
    domain text NOT NULL,
    post_id integer NOT NULL
);

--
-- Name: post_tags; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.post_tags (
    tag text NOT NULL,
    post_id integer NOT NULL
);

--
-- Name: posts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.posts (
    id integer NOT NULL,
    user_id integer NOT NULL,
    kind text NOT NULL,
    mode text DEFAULT 'public'::text NOT NULL,
    title text,
    url text,
    source text DEFAULT ''::text NOT NULL,
    body text DEFAULT ''::text NOT NULL,
    words integer DEFAULT 0 NOT NULL,
    files text[] DEFAULT '{}'::text[] NOT NULL,
    tags text[] DEFAULT '{}'::text[] NOT NULL,
    domains text[] DEFAULT '{}'::text[] NOT NULL,
    parent integer,
    root integer,
    uber integer,
    replies integer DEFAULT 0 NOT NULL,
    opens integer DEFAULT 0 NOT NULL,
    upvotes integer DEFAULT 0 NOT NULL,
    downvotes integer DEFAULT 0 NOT NULL,
    hot double precision DEFAULT 0 NOT NULL,
    active timestamp with time zone DEFAULT now() NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL,
    updated timestamp with time zone,
    preview jsonb,
    CONSTRAINT posts_check CHECK (((kind = 'comment'::text) = (parent IS NOT NULL))),
    CONSTRAINT posts_kind_check CHECK ((kind = ANY (ARRAY['post'::text, 'micro'::text, 'comment'::text]))),
    CONSTRAINT posts_mode_check CHECK ((mode = ANY (ARRAY['public'::text, 'draft'::text, 'deleted'::text, 'excluded'::text])))
);

--
-- Name: posts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.posts ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.posts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: push_subscriptions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_subscriptions (
    id integer NOT NULL,
    user_id integer NOT NULL,
    endpoint text NOT NULL,
    p256dh text NOT NULL,
    auth text NOT NULL,
    replies boolean DEFAULT true NOT NULL,
    messages boolean DEFAULT true NOT NULL,
    moderation boolean DEFAULT true NOT NULL,
    message_text boolean DEFAULT false NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL,
    last_used timestamp with time zone
);

--
-- Name: push_subscriptions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.push_subscriptions ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.push_subscriptions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: push_vapid; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_vapid (
    id boolean DEFAULT true NOT NULL,
    public_key text NOT NULL,
    private_key text NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT push_vapid_id_check CHECK (id)
);

--
-- Name: release_channels; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.release_channels (
    remote text NOT NULL,
    stable text NOT NULL,
    canary text,
    percent integer DEFAULT 0 NOT NULL,
    canary_started timestamp with time zone,
    updated timestamp with time zone DEFAULT now() NOT NULL,
    steps smallint[],
    pause_seconds integer,
    step_started timestamp with time zone,
    verdict jsonb,
    verdict_at timestamp with time zone,
    hold_alerted timestamp with time zone,
    CONSTRAINT release_channels_check CHECK (((canary IS NULL) = (percent = 0))),
    CONSTRAINT release_channels_check1 CHECK ((canary IS DISTINCT FROM stable)),
    CONSTRAINT release_channels_percent_check CHECK (((percent >= 0) AND (percent <= 100))),
    CONSTRAINT release_channels_rollout_check CHECK ((((steps IS NULL) = (pause_seconds IS NULL)) AND ((steps IS NULL) OR ((canary IS NOT NULL) AND ((cardinality(steps) >= 2) AND (cardinality(steps) <= 10)) AND (pause_seconds > 0)))))
);

--
-- Name: release_errors; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.release_errors (
    remote text NOT NULL,
    version text NOT NULL,
    fingerprint text NOT NULL,
    message text NOT NULL,
    frames text[] NOT NULL,
    count integer DEFAULT 1 NOT NULL,
    first_seen timestamp with time zone DEFAULT now() NOT NULL,
    last_seen timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT release_errors_count_check CHECK ((count > 0)),
    CONSTRAINT release_errors_fingerprint_check CHECK ((length(fingerprint) <= 64)),
    CONSTRAINT release_errors_frames_check CHECK ((cardinality(frames) <= 10)),
    CONSTRAINT release_errors_message_check CHECK ((length(message) <= 300)),
    CONSTRAINT release_errors_remote_check CHECK (((remote = 'shell'::text) OR (remote ~ '^mf-[a-z]+$'::text))),
    CONSTRAINT release_errors_version_check CHECK ((length(version) <= 64))
);

--
-- Name: release_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.release_log (
    id bigint NOT NULL,
    remote text NOT NULL,
    action text NOT NULL,
    from_version text,
    to_version text,
    percent integer,
    actor text NOT NULL,
    reason text,
    created timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT release_log_action_check CHECK ((action = ANY (ARRAY['publish'::text, 'canary'::text, 'percent'::text, 'step'::text, 'promote'::text, 'rollback'::text, 'auto-rollback'::text, 'preview'::text, 'dev-override'::text, 'team'::text])))
);

--
-- Name: release_log_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.release_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: release_log_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.release_log_id_seq OWNED BY public.release_log.id;

--
-- Name: release_members; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.release_members (
    remote text NOT NULL,
    user_id integer NOT NULL,
    added_by integer,
    created timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT release_members_remote_check CHECK ((remote ~ '^mf-[a-z]+$'::text))
);

--
-- Name: release_page_loads; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.release_page_loads (
    token text NOT NULL,
    remote text NOT NULL,
    version text NOT NULL,
    loaded boolean DEFAULT false NOT NULL,
    failed boolean DEFAULT false NOT NULL,
    seen timestamp with time zone DEFAULT now() NOT NULL,
    failed_kinds smallint DEFAULT 0 NOT NULL
);

--
-- Name: release_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.release_tokens (
    id integer NOT NULL,
    name text NOT NULL,
    remotes text[] NOT NULL,
    token_hash bytea NOT NULL,
    created_by integer,
    created timestamp with time zone DEFAULT now() NOT NULL,
    expires timestamp with time zone,
    revoked timestamp with time zone,
    last_used timestamp with time zone,
    CONSTRAINT release_tokens_remotes_check CHECK ((cardinality(remotes) > 0))
);

--
-- Name: release_tokens_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.release_tokens_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: release_tokens_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.release_tokens_id_seq OWNED BY public.release_tokens.id;

--
-- Name: release_vitals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.release_vitals (
    token text NOT NULL,
    remote text NOT NULL,
    version text NOT NULL,
    lcp real,
    inp real,
    cls real,
    ttfb real,
    seen timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: releases; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.releases (
    remote text NOT NULL,
    version text NOT NULL,
    digest text NOT NULL,
    files integer NOT NULL,
    bytes bigint NOT NULL,
    shared jsonb NOT NULL,
    exposes text[] NOT NULL,
    actor text NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL,
    prefix text NOT NULL,
    CONSTRAINT releases_prefix_check CHECK (((prefix = ((remote || '/'::text) || version)) OR (prefix = ((((remote || '/'::text) || version) || '/'::text) || digest)))),
    CONSTRAINT releases_version_check CHECK ((version ~ '^[A-Za-z0-9._-]{1,64}$'::text))
);

--
-- Name: report_queue; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.report_queue (
    post_id integer NOT NULL,
    rules integer DEFAULT 0 NOT NULL,
    porn integer DEFAULT 0 NOT NULL,
    nsfw integer DEFAULT 0 NOT NULL,
    total integer DEFAULT 0 NOT NULL,
    reported timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: schema_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schema_migrations (
    name text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sessions (
    token_hash bytea NOT NULL,
    user_id integer NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL,
    expires timestamp with time zone NOT NULL
);

--
-- Name: site_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.site_keys (
    name text NOT NULL,
    secret bytea NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT site_keys_secret_check CHECK ((octet_length(secret) >= 32))
);

--
-- Name: tags; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tags (
    tag text NOT NULL,
    owner integer,
    about text DEFAULT ''::text NOT NULL,
    about_html text DEFAULT ''::text NOT NULL,
    count integer DEFAULT 0 NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: thread_versions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.thread_versions (
    uber integer NOT NULL,
    version bigint DEFAULT 1 NOT NULL
);

--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id integer NOT NULL,
    username text NOT NULL,
    email text NOT NULL,
    password_hash text NOT NULL,
    status text DEFAULT 'inactive'::text NOT NULL,
    roles text[] DEFAULT '{}'::text[] NOT NULL,
    rating integer DEFAULT 0 NOT NULL,
    theme text DEFAULT 'dark'::text NOT NULL,
    nsfw text DEFAULT 'hidden'::text NOT NULL,
    avatar text,
    posts integer DEFAULT 0 NOT NULL,
    comments integer DEFAULT 0 NOT NULL,
    notifs integer DEFAULT 0 NOT NULL,
    chats integer DEFAULT 0 NOT NULL,
    seen timestamp with time zone DEFAULT now() NOT NULL,
    created timestamp with time zone DEFAULT now() NOT NULL,
    deletion_due timestamp with time zone,
    deletion_content text,
    CONSTRAINT users_deletion_check CHECK (((deletion_due IS NULL) = (deletion_content IS NULL))),
    CONSTRAINT users_deletion_content_check CHECK ((deletion_content = ANY (ARRAY['keep'::text, 'delete'::text]))),
    CONSTRAINT users_nsfw_check CHECK ((nsfw = ANY (ARRAY['hidden'::text, 'visible'::text]))),
    CONSTRAINT users_status_check CHECK ((status = ANY (ARRAY['inactive'::text, 'active'::text, 'banned'::text, 'deleted'::text]))),
    CONSTRAINT users_theme_check CHECK ((theme = ANY (ARRAY['dark'::text, 'light'::text, 'default'::text])))
);

--
-- Name: users_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.users ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.users_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: release_log id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.release_log ALTER COLUMN id SET DEFAULT nextval('public.release_log_id_seq'::regclass);

--
-- Name: release_tokens id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.release_tokens ALTER COLUMN id SET DEFAULT nextval('public.release_tokens_id_seq'::regclass);

--
-- Name: account_tokens account_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_tokens
    ADD CONSTRAINT account_tokens_pkey PRIMARY KEY (token_hash);

--
-- Name: ban_appeals ban_appeals_ban_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ban_appeals
    ADD CONSTRAINT ban_appeals_ban_id_key UNIQUE (ban_id);

--
-- Name: ban_appeals ban_appeals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ban_appeals
    ADD CONSTRAINT ban_appeals_pkey PRIMARY KEY (id);

--
-- Name: bans bans_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bans
    ADD CONSTRAINT bans_pkey PRIMARY KEY (id);

--
-- Name: captchas captchas_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.captchas
    ADD CONSTRAINT captchas_pkey PRIMARY KEY (id);

--
-- Name: chat_members chat_members_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chat_members
    ADD CONSTRAINT chat_members_pkey PRIMARY KEY (user_id, chat_id);

--
-- Name: chats chats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chats
    ADD CONSTRAINT chats_pkey PRIMARY KEY (id);

--
-- Name: files files_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.files
    ADD CONSTRAINT files_pkey PRIMARY KEY (file);

--
-- Name: link_preview_files link_preview_files_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.link_preview_files
    ADD CONSTRAINT link_preview_files_pkey PRIMARY KEY (file);

--
-- Name: link_preview_jobs link_preview_jobs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.link_preview_jobs
    ADD CONSTRAINT link_preview_jobs_pkey PRIMARY KEY (post_id);

--
-- Name: login_failures login_failures_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.login_failures
    ADD CONSTRAINT login_failures_pkey PRIMARY KEY (name);

--
-- Name: messages messages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_pkey PRIMARY KEY (id);

--
-- Name: moderation_log moderation_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.moderation_log
    ADD CONSTRAINT moderation_log_pkey PRIMARY KEY (id);

--
-- Name: moderation moderation_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.moderation
    ADD CONSTRAINT moderation_pkey PRIMARY KEY (id);

--
-- Name: notifications notifications_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);

--
-- Name: post_actions post_actions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.post_actions
    ADD CONSTRAINT post_actions_pkey PRIMARY KEY (user_id, post_id);

--
-- Name: post_domains post_domains_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.post_domains
    ADD CONSTRAINT post_domains_pkey PRIMARY KEY (domain, post_id);

--
-- Name: post_tags post_tags_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.post_tags
    ADD CONSTRAINT post_tags_pkey PRIMARY KEY (tag, post_id);

--
-- Name: posts posts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.posts
    ADD CONSTRAINT posts_pkey PRIMARY KEY (id);

--
-- Name: push_subscriptions push_subscriptions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_subscriptions
    ADD CONSTRAINT push_subscriptions_pkey PRIMARY KEY (id);

--
-- Name: push_vapid push_vapid_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_vapid
    ADD CONSTRAINT push_vapid_pkey PRIMARY KEY (id);

--
-- Name: release_channels release_channels_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.release_channels
    ADD CONSTRAINT release_channels_pkey PRIMARY KEY (remote);

--
-- Name: release_errors release_errors_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.release_errors
    ADD CONSTRAINT release_errors_pkey PRIMARY KEY (remote, version, fingerprint);

--
-- Name: release_log release_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.release_log
    ADD CONSTRAINT release_log_pkey PRIMARY KEY (id);

--
-- Name: release_members release_members_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.release_members
    ADD CONSTRAINT release_members_pkey PRIMARY KEY (remote, user_id);

--
-- Name: release_page_loads release_page_loads_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.release_page_loads
    ADD CONSTRAINT release_page_loads_pkey PRIMARY KEY (token, remote, version);

--
-- Name: release_tokens release_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.release_tokens
    ADD CONSTRAINT release_tokens_pkey PRIMARY KEY (id);

--
-- Name: release_tokens release_tokens_token_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.release_tokens
    ADD CONSTRAINT release_tokens_token_hash_key UNIQUE (token_hash);

--
-- Name: release_vitals release_vitals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.release_vitals
    ADD CONSTRAINT release_vitals_pkey PRIMARY KEY (token, remote, version);

--
-- Name: releases releases_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.releases
    ADD CONSTRAINT releases_pkey PRIMARY KEY (remote, version);

--
-- Name: report_queue report_queue_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_queue
    ADD CONSTRAINT report_queue_pkey PRIMARY KEY (post_id);

--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (name);

--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (token_hash);

--
-- Name: site_keys site_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.site_keys
    ADD CONSTRAINT site_keys_pkey PRIMARY KEY (name);

--
-- Name: tags tags_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_pkey PRIMARY KEY (tag);

--
-- Name: thread_versions thread_versions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.thread_versions
    ADD CONSTRAINT thread_versions_pkey PRIMARY KEY (uber);

--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

--
-- Name: account_tokens_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX account_tokens_expires_idx ON public.account_tokens USING btree (expires);

--
-- Name: account_tokens_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX account_tokens_user_idx ON public.account_tokens USING btree (user_id, kind, created DESC);

--
-- Name: ban_appeals_open_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ban_appeals_open_idx ON public.ban_appeals USING btree (id DESC) WHERE (status = 'open'::text);

--
-- Name: ban_appeals_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ban_appeals_user_idx ON public.ban_appeals USING btree (user_id);

--
-- Name: bans_ends_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bans_ends_idx ON public.bans USING btree (ends) WHERE ((lifted IS NULL) AND (ends IS NOT NULL));

--
-- Name: bans_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bans_user_idx ON public.bans USING btree (user_id, id DESC);

--
-- Name: captchas_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX captchas_expires_idx ON public.captchas USING btree (expires);

--
-- Name: chat_members_chat_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chat_members_chat_idx ON public.chat_members USING btree (chat_id);

--
-- Name: chat_members_list_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chat_members_list_idx ON public.chat_members USING btree (user_id, updated DESC, chat_id);

--
-- Name: link_preview_jobs_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX link_preview_jobs_due_idx ON public.link_preview_jobs USING btree (next_try);

--
-- Name: login_failures_window_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX login_failures_window_idx ON public.login_failures USING btree (window_start);

--
-- Name: messages_chat_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX messages_chat_idx ON public.messages USING btree (chat_id, id DESC);

--
-- Name: moderation_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX moderation_created_idx ON public.moderation USING btree (created DESC, id DESC);

--
-- Name: moderation_log_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX moderation_log_id_idx ON public.moderation_log USING btree (id DESC);

--
-- Name: moderation_log_kind_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX moderation_log_kind_idx ON public.moderation_log USING btree (kind, id DESC) WHERE (kind IS NOT NULL);

--
-- Name: moderation_log_public_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX moderation_log_public_idx ON public.moderation_log USING btree (id DESC) WHERE (kind IS NOT NULL);

--
-- Name: moderation_post_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX moderation_post_idx ON public.moderation USING btree (post_id);

--
-- Name: notifications_unseen_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_unseen_idx ON public.notifications USING btree (user_id) WHERE (NOT seen);

--
-- Name: notifications_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_user_idx ON public.notifications USING btree (user_id, id DESC);

--
-- Name: perks_blocked_by_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX perks_blocked_by_idx ON public.perks USING btree (target_user, user_id) WHERE ((action = 'block'::text) AND (target_user IS NOT NULL));

--
-- Name: perks_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX perks_user_idx ON public.perks USING btree (user_id, action);

--
-- Name: perks_user_target_domain_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX perks_user_target_domain_key ON public.perks USING btree (user_id, action, target_domain) WHERE (target_domain IS NOT NULL);

--
-- Name: perks_user_target_tag_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX perks_user_target_tag_key ON public.perks USING btree (user_id, action, target_tag) WHERE (target_tag IS NOT NULL);

--
-- Name: perks_user_target_user_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX perks_user_target_user_key ON public.perks USING btree (user_id, action, target_user) WHERE (target_user IS NOT NULL);

--
-- Name: post_actions_favorites_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX post_actions_favorites_idx ON public.post_actions USING btree (user_id, favorite DESC) WHERE (favorite IS NOT NULL);

--
-- Name: post_actions_voters_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX post_actions_voters_idx ON public.post_actions USING btree (post_id, voted) WHERE (vote IS NOT NULL);

--
-- Name: posts_drafts_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_drafts_idx ON public.posts USING btree (user_id, created DESC, id DESC) WHERE (mode = 'draft'::text);

--
-- Name: posts_feed_hot_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_feed_hot_idx ON public.posts USING btree (kind, hot DESC, id DESC) WHERE ((parent IS NULL) AND (mode = 'public'::text));

--
-- Name: posts_feed_newest_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_feed_newest_idx ON public.posts USING btree (kind, id DESC) WHERE ((parent IS NULL) AND (mode = 'public'::text));

--
-- Name: posts_preview_image_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_preview_image_idx ON public.posts USING btree (((preview ->> 'image'::text))) WHERE (preview IS NOT NULL);

--
-- Name: posts_public_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_public_created_idx ON public.posts USING btree (created, id) WHERE ((parent IS NULL) AND (mode = 'public'::text));

--
-- Name: posts_public_kind_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_public_kind_idx ON public.posts USING btree (kind, id) WHERE (mode = 'public'::text);

--
-- Name: posts_public_top_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_public_top_idx ON public.posts USING btree (id DESC) WHERE ((parent IS NULL) AND (mode = 'public'::text));

--
-- Name: posts_public_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_public_user_idx ON public.posts USING btree (user_id, id) WHERE ((parent IS NULL) AND (mode = 'public'::text));

--
-- Name: posts_search_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_search_idx ON public.posts USING gin (public.post_search(title, source)) WHERE (mode = 'public'::text);

--
-- Name: posts_thread_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_thread_idx ON public.posts USING btree (uber, created, id);

--
-- Name: posts_thread_newest_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_thread_newest_idx ON public.posts USING btree (uber, created DESC, id DESC) WHERE ((parent IS NOT NULL) AND (mode = 'public'::text));

--
-- Name: posts_user_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_user_created_idx ON public.posts USING btree (user_id, created DESC, id DESC) WHERE (parent IS NULL);

--
-- Name: posts_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX posts_user_idx ON public.posts USING btree (user_id, id);

--
-- Name: push_subscriptions_endpoint_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX push_subscriptions_endpoint_key ON public.push_subscriptions USING btree (endpoint);

--
-- Name: push_subscriptions_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX push_subscriptions_user_idx ON public.push_subscriptions USING btree (user_id, id);

--
-- Name: release_errors_seen_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX release_errors_seen_idx ON public.release_errors USING btree (last_seen);

--
-- Name: release_errors_top_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX release_errors_top_idx ON public.release_errors USING btree (remote, version, count DESC);

--
-- Name: release_log_remote_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX release_log_remote_idx ON public.release_log USING btree (remote, id DESC);

--
-- Name: release_members_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX release_members_user_idx ON public.release_members USING btree (user_id);

--
-- Name: release_page_loads_seen_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX release_page_loads_seen_idx ON public.release_page_loads USING btree (seen);

--
-- Name: release_page_loads_window_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX release_page_loads_window_idx ON public.release_page_loads USING btree (remote, version, seen);

--
-- Name: release_vitals_seen_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX release_vitals_seen_idx ON public.release_vitals USING btree (seen);

--
-- Name: release_vitals_window_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX release_vitals_window_idx ON public.release_vitals USING btree (remote, version, seen);

--
-- Name: releases_remote_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX releases_remote_created_idx ON public.releases USING btree (remote, created DESC);

--
-- Name: report_queue_reported_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX report_queue_reported_idx ON public.report_queue USING btree (reported DESC, post_id DESC);

--
-- Name: sessions_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_user_idx ON public.sessions USING btree (user_id);

--
-- Name: tags_autocomplete_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tags_autocomplete_idx ON public.tags USING btree (tag text_pattern_ops) WHERE (owner IS NULL);

--
-- Name: tags_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tags_owner_idx ON public.tags USING btree (owner) WHERE (owner IS NOT NULL);

--
-- Name: tags_prefix_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tags_prefix_idx ON public.tags USING btree (tag text_pattern_ops);

--
-- Name: users_deletion_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX users_deletion_due_idx ON public.users USING btree (deletion_due) WHERE (deletion_due IS NOT NULL);

--
-- Name: users_email_lower_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX users_email_lower_key ON public.users USING btree (lower(email));

--
-- Name: users_username_lower_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX users_username_lower_key ON public.users USING btree (lower(username));

--
-- Name: users_username_prefix_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX users_username_prefix_idx ON public.users USING btree (username text_pattern_ops);

--
-- Name: chat_members chat_members_count; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER chat_members_count AFTER INSERT OR DELETE OR UPDATE OF unread ON public.chat_members FOR EACH ROW EXECUTE FUNCTION public.chat_members_count();

--
-- Name: messages messages_after_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER messages_after_insert AFTER INSERT ON public.messages FOR EACH ROW EXECUTE FUNCTION public.messages_after_insert();

--
-- Name: notifications notifications_count_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER notifications_count_delete AFTER DELETE ON public.notifications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.notifications_count_delete();

--
-- Name: notifications notifications_count_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER notifications_count_insert AFTER INSERT ON public.notifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.notifications_count_insert();

--
-- Name: notifications notifications_count_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER notifications_count_update AFTER UPDATE ON public.notifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.notifications_count_update();

--
-- Name: notifications notifications_live; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER notifications_live AFTER INSERT ON public.notifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.notifications_live();

--
-- Name: post_actions post_actions_report_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER post_actions_report_insert AFTER INSERT ON public.post_actions FOR EACH ROW WHEN ((new.report IS NOT NULL)) EXECUTE FUNCTION public.post_actions_report();

--
-- Name: post_actions post_actions_report_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER post_actions_report_update AFTER UPDATE OF report ON public.post_actions FOR EACH ROW EXECUTE FUNCTION public.post_actions_report();

--
-- Name: post_actions post_actions_votes; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER post_actions_votes AFTER INSERT OR DELETE OR UPDATE OF vote ON public.post_actions FOR EACH ROW EXECUTE FUNCTION public.post_actions_votes();

--
-- Name: posts posts_feed_counters_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_feed_counters_delete AFTER DELETE ON public.posts FOR EACH ROW EXECUTE FUNCTION public.posts_feed_counters();

--
-- Name: posts posts_feed_counters_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_feed_counters_insert AFTER INSERT ON public.posts FOR EACH ROW EXECUTE FUNCTION public.posts_feed_counters();

--
-- Name: posts posts_feed_counters_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_feed_counters_update AFTER UPDATE OF mode, tags ON public.posts FOR EACH ROW EXECUTE FUNCTION public.posts_feed_counters();

--
-- Name: posts posts_hot_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_hot_insert BEFORE INSERT ON public.posts FOR EACH ROW EXECUTE FUNCTION public.posts_hot_before();

--
-- Name: posts posts_hot_mode; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_hot_mode BEFORE UPDATE OF mode, created ON public.posts FOR EACH ROW EXECUTE FUNCTION public.posts_hot_before();

--
-- Name: posts posts_link_preview_queue; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_link_preview_queue AFTER INSERT OR UPDATE OF url, mode ON public.posts FOR EACH ROW EXECUTE FUNCTION public.posts_link_preview_queue();

--
-- Name: posts posts_link_preview_reset; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_link_preview_reset BEFORE UPDATE OF url, mode ON public.posts FOR EACH ROW WHEN ((old.preview IS NOT NULL)) EXECUTE FUNCTION public.posts_link_preview_reset();

--
-- Name: posts posts_thread_counters_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_thread_counters_insert AFTER INSERT ON public.posts FOR EACH ROW WHEN ((new.parent IS NOT NULL)) EXECUTE FUNCTION public.posts_thread_counters();

--
-- Name: posts posts_thread_counters_mode; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_thread_counters_mode AFTER UPDATE OF mode ON public.posts FOR EACH ROW WHEN (((new.parent IS NOT NULL) AND (old.mode IS DISTINCT FROM new.mode))) EXECUTE FUNCTION public.posts_thread_counters();

--
-- Name: posts posts_thread_version_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_thread_version_insert AFTER INSERT ON public.posts FOR EACH ROW WHEN ((new.uber IS NOT NULL)) EXECUTE FUNCTION public.posts_thread_version();

--
-- Name: posts posts_thread_version_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_thread_version_update AFTER UPDATE ON public.posts FOR EACH ROW WHEN (((new.uber IS NOT NULL) AND ((((((((((((((old.mode IS DISTINCT FROM new.mode) OR (old.title IS DISTINCT FROM new.title)) OR (old.url IS DISTINCT FROM new.url)) OR (old.body IS DISTINCT FROM new.body)) OR (old.words IS DISTINCT FROM new.words)) OR (old.files IS DISTINCT FROM new.files)) OR (old.tags IS DISTINCT FROM new.tags)) OR (old.domains IS DISTINCT FROM new.domains)) OR (old.parent IS DISTINCT FROM new.parent)) OR (old.root IS DISTINCT FROM new.root)) OR (old.uber IS DISTINCT FROM new.uber)) OR (old.user_id IS DISTINCT FROM new.user_id)) OR (old.created IS DISTINCT FROM new.created)) OR (old.preview IS DISTINCT FROM new.preview)))) EXECUTE FUNCTION public.posts_thread_version();

--
-- Name: posts posts_topics_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_topics_delete AFTER DELETE ON public.posts FOR EACH ROW WHEN (((old.parent IS NULL) AND (old.mode = 'public'::text))) EXECUTE FUNCTION public.posts_topics_sync();

--
-- Name: posts posts_topics_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_topics_insert AFTER INSERT ON public.posts FOR EACH ROW WHEN (((new.parent IS NULL) AND (new.mode = 'public'::text))) EXECUTE FUNCTION public.posts_topics_sync();

--
-- Name: posts posts_topics_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER posts_topics_update AFTER UPDATE OF mode, parent, tags, domains ON public.posts FOR EACH ROW WHEN (((old.mode IS DISTINCT FROM new.mode) OR (old.parent IS DISTINCT FROM new.parent) OR (old.tags IS DISTINCT FROM new.tags) OR (old.domains IS DISTINCT FROM new.domains))) EXECUTE FUNCTION public.posts_topics_sync();

--
-- Name: account_tokens account_tokens_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_tokens
    ADD CONSTRAINT account_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: ban_appeals ban_appeals_ban_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ban_appeals
    ADD CONSTRAINT ban_appeals_ban_id_fkey FOREIGN KEY (ban_id) REFERENCES public.bans(id) ON DELETE CASCADE;

--
-- Name: ban_appeals ban_appeals_moderator_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ban_appeals
    ADD CONSTRAINT ban_appeals_moderator_id_fkey FOREIGN KEY (moderator_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: ban_appeals ban_appeals_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ban_appeals
    ADD CONSTRAINT ban_appeals_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: bans bans_lifted_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bans
    ADD CONSTRAINT bans_lifted_by_fkey FOREIGN KEY (lifted_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: bans bans_moderator_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bans
    ADD CONSTRAINT bans_moderator_id_fkey FOREIGN KEY (moderator_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: bans bans_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bans
    ADD CONSTRAINT bans_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: chat_members chat_members_chat_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chat_members
    ADD CONSTRAINT chat_members_chat_id_fkey FOREIGN KEY (chat_id) REFERENCES public.chats(id) ON DELETE CASCADE;

--
-- Name: chat_members chat_members_other_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chat_members
    ADD CONSTRAINT chat_members_other_id_fkey FOREIGN KEY (other_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: chat_members chat_members_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chat_members
    ADD CONSTRAINT chat_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: chats chats_last_message_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chats
    ADD CONSTRAINT chats_last_message_fk FOREIGN KEY (last_message) REFERENCES public.messages(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

--
-- Name: files files_user_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.files
    ADD CONSTRAINT files_user_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: link_preview_files link_preview_files_file_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.link_preview_files
    ADD CONSTRAINT link_preview_files_file_fkey FOREIGN KEY (file) REFERENCES public.files(file) ON DELETE CASCADE;

--
-- Name: link_preview_jobs link_preview_jobs_post_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.link_preview_jobs
    ADD CONSTRAINT link_preview_jobs_post_id_fkey FOREIGN KEY (post_id) REFERENCES public.posts(id) ON DELETE CASCADE;

--
-- Name: messages messages_chat_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_chat_id_fkey FOREIGN KEY (chat_id) REFERENCES public.chats(id) ON DELETE CASCADE;

--
-- Name: messages messages_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: moderation moderation_author_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.moderation
    ADD CONSTRAINT moderation_author_id_fkey FOREIGN KEY (author_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: moderation_log moderation_log_actor_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.moderation_log
    ADD CONSTRAINT moderation_log_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: moderation_log moderation_log_post_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.moderation_log
    ADD CONSTRAINT moderation_log_post_id_fkey FOREIGN KEY (post_id) REFERENCES public.posts(id) ON DELETE SET NULL;

--
-- Name: moderation_log moderation_log_target_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.moderation_log
    ADD CONSTRAINT moderation_log_target_id_fkey FOREIGN KEY (target_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: moderation moderation_moderator_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.moderation
    ADD CONSTRAINT moderation_moderator_id_fkey FOREIGN KEY (moderator_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: moderation moderation_post_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.moderation
    ADD CONSTRAINT moderation_post_id_fkey FOREIGN KEY (post_id) REFERENCES public.posts(id) ON DELETE CASCADE;

--
-- Name: notifications notifications_actor_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: notifications notifications_appeal_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_appeal_id_fkey FOREIGN KEY (appeal_id) REFERENCES public.ban_appeals(id) ON DELETE CASCADE;

--
-- Name: notifications notifications_post_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_post_id_fkey FOREIGN KEY (post_id) REFERENCES public.posts(id) ON DELETE CASCADE;

--
-- Name: notifications notifications_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: perks perks_target_user_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.perks
    ADD CONSTRAINT perks_target_user_fkey FOREIGN KEY (target_user) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: perks perks_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.perks
    ADD CONSTRAINT perks_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: post_actions post_actions_post_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.post_actions
    ADD CONSTRAINT post_actions_post_id_fkey FOREIGN KEY (post_id) REFERENCES public.posts(id) ON DELETE CASCADE;

--
-- Name: post_actions post_actions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.post_actions
    ADD CONSTRAINT post_actions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: posts posts_parent_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.posts
    ADD CONSTRAINT posts_parent_fkey FOREIGN KEY (parent) REFERENCES public.posts(id);

--
-- Name: posts posts_root_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.posts
    ADD CONSTRAINT posts_root_fkey FOREIGN KEY (root) REFERENCES public.posts(id);

--
-- Name: posts posts_uber_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.posts
    ADD CONSTRAINT posts_uber_fkey FOREIGN KEY (uber) REFERENCES public.posts(id);

--
-- Name: posts posts_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.posts
    ADD CONSTRAINT posts_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: push_subscriptions push_subscriptions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_subscriptions
    ADD CONSTRAINT push_subscriptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: release_channels release_channels_remote_canary_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.release_channels
    ADD CONSTRAINT release_channels_remote_canary_fkey FOREIGN KEY (remote, canary) REFERENCES public.releases(remote, version);

--
-- Name: release_channels release_channels_remote_stable_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.release_channels
    ADD CONSTRAINT release_channels_remote_stable_fkey FOREIGN KEY (remote, stable) REFERENCES public.releases(remote, version);

--
-- Name: release_members release_members_added_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.release_members
    ADD CONSTRAINT release_members_added_by_fkey FOREIGN KEY (added_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: release_members release_members_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.release_members
    ADD CONSTRAINT release_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: release_page_loads release_page_loads_remote_version_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.release_page_loads
    ADD CONSTRAINT release_page_loads_remote_version_fkey FOREIGN KEY (remote, version) REFERENCES public.releases(remote, version) ON DELETE CASCADE;

--
-- Name: release_tokens release_tokens_created_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.release_tokens
    ADD CONSTRAINT release_tokens_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: release_vitals release_vitals_remote_version_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.release_vitals
    ADD CONSTRAINT release_vitals_remote_version_fkey FOREIGN KEY (remote, version) REFERENCES public.releases(remote, version) ON DELETE CASCADE;

--
-- Name: report_queue report_queue_post_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_queue
    ADD CONSTRAINT report_queue_post_id_fkey FOREIGN KEY (post_id) REFERENCES public.posts(id) ON DELETE CASCADE;

--
-- Name: sessions sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: tags tags_owner_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_owner_fkey FOREIGN KEY (owner) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: users users_avatar_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_avatar_fkey FOREIGN KEY (avatar) REFERENCES public.files(file) ON DELETE SET NULL;

--
-- PostgreSQL database dump complete
--
