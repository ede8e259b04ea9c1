-- The app's schema as the migrations and db/functions make it: written by `npm run db:schema`
-- (src/server/db/schema-dump.ts), checked by schema-dump.test.ts. Not applied: read it, never edit it.

CREATE SCHEMA public;

COMMENT ON SCHEMA public IS 'standard public schema';

CREATE FUNCTION public.bet_decided(status text, value numeric) RETURNS numeric
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ src/server/db/functions/bet_decided.sql $$;

CREATE FUNCTION public.bet_grade(market text, selection text, line numeric, home_score integer, away_score integer) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ src/server/db/functions/bet_grade.sql $$;

CREATE TABLE public.bet_legs (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    bet_id uuid NOT NULL,
    "position" smallint NOT NULL,
    description text NOT NULL,
    sport text NOT NULL,
    odds text NOT NULL,
    decimal_odds numeric(14,6) NOT NULL,
    odds_num numeric NOT NULL,
    odds_den numeric NOT NULL,
    event_date timestamp with time zone NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    settled_at timestamp with time zone,
    event_id uuid,
    market text,
    selection text,
    line numeric(6,1),
    CONSTRAINT bet_legs_description_length CHECK (((char_length(description) >= 1) AND (char_length(description) <= 500))),
    CONSTRAINT bet_legs_event_selection CHECK ((((event_id IS NULL) AND (market IS NULL) AND (selection IS NULL) AND (line IS NULL)) OR ((event_id IS NOT NULL) AND (((market = 'moneyline'::text) AND (selection = ANY (ARRAY['home'::text, 'away'::text])) AND (line IS NULL)) OR ((market = '1x2'::text) AND (selection = ANY (ARRAY['home'::text, 'draw'::text, 'away'::text])) AND (line IS NULL)) OR ((market = 'spread'::text) AND (selection = ANY (ARRAY['home'::text, 'away'::text])) AND (line IS NOT NULL)) OR ((market = 'total'::text) AND (selection = ANY (ARRAY['over'::text, 'under'::text])) AND (line >= (0)::numeric)))))),
    CONSTRAINT bet_legs_half_line CHECK (((line IS NULL) OR ((line * (2)::numeric) = trunc((line * (2)::numeric))))),
    CONSTRAINT bet_legs_odds_exact CHECK (((odds_den >= (1)::numeric) AND (odds_num > odds_den) AND (odds_num = trunc(odds_num)) AND (odds_den = trunc(odds_den)) AND (decimal_odds = (div(((((2)::numeric * odds_num) * (1000000)::numeric) + odds_den), ((2)::numeric * odds_den)) / (1000000)::numeric)))),
    CONSTRAINT bet_legs_position_range CHECK ((("position" >= 1) AND ("position" <= 15))),
    CONSTRAINT bet_legs_settled_after_event_start CHECK (((settled_at IS NULL) OR (settled_at >= event_date))),
    CONSTRAINT bet_legs_settlement_consistent CHECK (((status = 'pending'::text) = (settled_at IS NULL))),
    CONSTRAINT bet_legs_sport CHECK ((sport = ANY (ARRAY['football'::text, 'basketball'::text, 'baseball'::text, 'soccer'::text, 'tennis'::text, 'mma'::text, 'other'::text]))),
    CONSTRAINT bet_legs_status CHECK ((status = ANY (ARRAY['pending'::text, 'won'::text, 'lost'::text, 'void'::text])))
);

CREATE TABLE public.bets (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id text NOT NULL,
    description text NOT NULL,
    amount numeric(12,2) NOT NULL,
    odds text NOT NULL,
    decimal_odds numeric(14,6) NOT NULL,
    bet_type text NOT NULL,
    event_date timestamp with time zone NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    potential_win numeric(16,2) NOT NULL,
    profit_loss numeric(16,2),
    settled_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    leg_count smallint,
    last_event_date timestamp with time zone,
    event_id uuid,
    market text,
    selection text,
    line numeric(6,1),
    graded boolean DEFAULT false NOT NULL,
    unit_size numeric(12,2),
    CONSTRAINT bets_amount_min CHECK ((amount >= 0.01)),
    CONSTRAINT bets_decimal_odds_gt_one CHECK ((decimal_odds > (1)::numeric)),
    CONSTRAINT bets_description_length CHECK (((char_length(description) >= 1) AND (char_length(description) <= 500))),
    CONSTRAINT bets_event_at_least_6h_ahead CHECK ((event_date > (created_at + '06:00:00'::interval))),
    CONSTRAINT bets_event_selection CHECK ((((event_id IS NULL) AND (market IS NULL) AND (selection IS NULL) AND (line IS NULL)) OR ((event_id IS NOT NULL) AND (leg_count IS NULL) AND (((market = 'moneyline'::text) AND (selection = ANY (ARRAY['home'::text, 'away'::text])) AND (line IS NULL)) OR ((market = '1x2'::text) AND (selection = ANY (ARRAY['home'::text, 'draw'::text, 'away'::text])) AND (line IS NULL)) OR ((market = 'spread'::text) AND (selection = ANY (ARRAY['home'::text, 'away'::text])) AND (line IS NOT NULL)) OR ((market = 'total'::text) AND (selection = ANY (ARRAY['over'::text, 'under'::text])) AND (line >= (0)::numeric)))))),
    CONSTRAINT bets_graded_single CHECK (((leg_count IS NOT NULL) OR (graded = (event_id IS NOT NULL)))),
    CONSTRAINT bets_half_line CHECK (((line IS NULL) OR ((line * (2)::numeric) = trunc((line * (2)::numeric))))),
    CONSTRAINT bets_leg_count_range CHECK (((leg_count IS NULL) OR ((leg_count >= 2) AND (leg_count <= 15)))),
    CONSTRAINT bets_parlay_shape CHECK ((((leg_count IS NULL) AND (last_event_date IS NULL) AND (bet_type <> 'parlay'::text)) OR ((leg_count IS NOT NULL) AND (last_event_date >= event_date) AND (bet_type = 'parlay'::text)))),
    CONSTRAINT bets_settlement_consistent CHECK ((((status = 'pending'::text) AND (profit_loss IS NULL) AND (settled_at IS NULL)) OR ((status <> 'pending'::text) AND (profit_loss IS NOT NULL) AND (settled_at IS NOT NULL)))),
    CONSTRAINT bets_sport CHECK ((bet_type = ANY (ARRAY['football'::text, 'basketball'::text, 'baseball'::text, 'soccer'::text, 'tennis'::text, 'mma'::text, 'other'::text, 'parlay'::text]))),
    CONSTRAINT bets_status CHECK ((status = ANY (ARRAY['pending'::text, 'won'::text, 'lost'::text, 'void'::text]))),
    CONSTRAINT bets_void_returns_stake CHECK (((status <> 'void'::text) OR (profit_loss = (0)::numeric)))
);

CREATE FUNCTION public.bet_ledger_append(b public.bets, p_kind text, p_at timestamp with time zone, p_leg public.bet_legs DEFAULT NULL::public.bet_legs) RETURNS void
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bet_ledger_append.sql $$;

CREATE TABLE public.bet_ledger (
    user_id text NOT NULL,
    seq integer NOT NULL,
    at timestamp with time zone NOT NULL,
    kind text NOT NULL,
    bet_id uuid NOT NULL,
    body text NOT NULL,
    hash text NOT NULL,
    CONSTRAINT bet_ledger_hash_hex CHECK ((hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT bet_ledger_kind CHECK ((kind = ANY (ARRAY['recorded'::text, 'settled'::text, 'deleted'::text, 'leg-settled'::text]))),
    CONSTRAINT bet_ledger_seq_positive CHECK ((seq >= 1))
);

CREATE FUNCTION public.bet_ledger_append_entries(p_entries public.bet_ledger[]) RETURNS void
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bet_ledger_append_entries.sql $$;

CREATE FUNCTION public.bet_ledger_append_only() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bet_ledger_append_only.sql $$;

CREATE FUNCTION public.bet_ledger_backfill() RETURNS integer
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bet_ledger_backfill.sql $$;

CREATE FUNCTION public.bet_ledger_chain_hash(p_prev_hash text, p_text text) RETURNS text
    LANGUAGE sql STABLE
    AS $$ src/server/db/functions/bet_ledger_chain_hash.sql $$;

CREATE FUNCTION public.bet_ledger_chain_text(p_prefix text, p_prev_hash text, p_seq integer) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$ src/server/db/functions/bet_ledger_chain_text.sql $$;

CREATE FUNCTION public.bet_ledger_entry_prefix(b public.bets, p_kind text, p_at timestamp with time zone, p_leg public.bet_legs, p_origin text) RETURNS text
    LANGUAGE sql STABLE
    AS $$ src/server/db/functions/bet_ledger_entry_prefix.sql $$;

CREATE FUNCTION public.bet_ledger_event_json(event_id uuid, market text, selection text, line numeric) RETURNS text
    LANGUAGE sql STABLE
    AS $$ src/server/db/functions/bet_ledger_event_json.sql $$;

CREATE FUNCTION public.bet_ledger_iso(ts timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE
    AS $$ src/server/db/functions/bet_ledger_iso.sql $$;

CREATE FUNCTION public.bet_ledger_leg_json(l public.bet_legs, shown_status text DEFAULT NULL::text) RETURNS text
    LANGUAGE sql STABLE
    AS $$ src/server/db/functions/bet_ledger_leg_json.sql $$;

CREATE FUNCTION public.bet_ledger_legs_json(p_bet_id uuid, p_kind text) RETURNS text
    LANGUAGE plpgsql STABLE
    AS $$ src/server/db/functions/bet_ledger_legs_json.sql $$;

CREATE FUNCTION public.bet_ledger_origin() RETURNS text
    LANGUAGE plpgsql STABLE
    AS $$ src/server/db/functions/bet_ledger_origin.sql $$;

CREATE FUNCTION public.bet_ledger_queue_for_log() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bet_ledger_queue_for_log.sql $$;

CREATE FUNCTION public.bet_legs_graded() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bet_legs_graded.sql $$;

CREATE FUNCTION public.bet_legs_guard() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bet_legs_guard.sql $$;

CREATE FUNCTION public.bet_legs_recorded() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bet_legs_recorded.sql $$;

CREATE FUNCTION public.bet_legs_settle_parlay() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bet_legs_settle_parlay.sql $$;

CREATE FUNCTION public.bet_positions_apply() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bet_positions_apply.sql $$;

CREATE FUNCTION public.bet_prices_apply() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bet_prices_apply.sql $$;

CREATE FUNCTION public.bet_profit_at_market(status text, amount numeric, profit_loss numeric, above_market boolean, best_odds numeric) RETURNS numeric
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ src/server/db/functions/bet_profit_at_market.sql $$;

CREATE FUNCTION public.bet_record_versions_bump() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bet_record_versions_bump.sql $$;

CREATE FUNCTION public.bet_runs_recount(uid text, OUT longest_win integer, OUT current_win integer, OUT longest_loss integer, OUT current_loss integer, OUT peak_profit numeric, OUT max_drawdown numeric, OUT last_settled_at timestamp with time zone, OUT last_settled_id uuid) RETURNS record
    LANGUAGE sql STABLE
    AS $$ src/server/db/functions/bet_runs_recount.sql $$;

CREATE FUNCTION public.bet_unit_return(status text, decimal_odds numeric) RETURNS numeric
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ src/server/db/functions/bet_unit_return.sql $$;

CREATE FUNCTION public.bets_announce() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bets_announce.sql $$;

CREATE FUNCTION public.bets_guard_graded() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bets_guard_graded.sql $$;

CREATE FUNCTION public.bets_guard_record() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bets_guard_record.sql $$;

CREATE FUNCTION public.bets_ledger_append() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bets_ledger_append.sql $$;

CREATE FUNCTION public.bets_ledger_settled() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bets_ledger_settled.sql $$;

CREATE FUNCTION public.bets_match_event() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bets_match_event.sql $$;

CREATE FUNCTION public.bets_parlay_leg_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bets_parlay_leg_count.sql $$;

CREATE FUNCTION public.bets_unit_size() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/bets_unit_size.sql $$;

CREATE FUNCTION public.community_changes_note() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/community_changes_note.sql $$;

CREATE FUNCTION public.community_summaries_apply() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/community_summaries_apply.sql $$;

CREATE FUNCTION public.community_summaries_truncate() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/community_summaries_truncate.sql $$;

CREATE FUNCTION public.create_profile_for_new_user() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/create_profile_for_new_user.sql $$;

CREATE FUNCTION public.events_cancel_postponed(at timestamp with time zone) RETURNS integer
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/events_cancel_postponed.sql $$;

CREATE FUNCTION public.events_grade() RETURNS trigger
    LANGUAGE plpgsql
    SET jit TO 'off'
    AS $$ src/server/db/functions/events_grade.sql $$;

CREATE FUNCTION public.events_guard_result() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/events_guard_result.sql $$;

CREATE FUNCTION public.grading_clock() RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    AS $$ src/server/db/functions/grading_clock.sql $$;

CREATE FUNCTION public.imported_bets_total_cap() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/imported_bets_total_cap.sql $$;

CREATE FUNCTION public.log_append_only() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/log_append_only.sql $$;

CREATE FUNCTION public.luck_adjusted_yield(n bigint, level_profit numeric, odds_sum numeric) RETURNS double precision
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ src/server/db/functions/luck_adjusted_yield.sql $$;

CREATE FUNCTION public.neutral_username() RETURNS text
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/neutral_username.sql $$;

CREATE FUNCTION public.notify_session_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/notify_session_change.sql $$;

CREATE FUNCTION public.odds_at_least_minimum() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/odds_at_least_minimum.sql $$;

CREATE FUNCTION public.parlay_odds(p_bet uuid, p_skip_void boolean, OUT num numeric, OUT den numeric) RETURNS record
    LANGUAGE plpgsql STABLE
    AS $$ src/server/db/functions/parlay_odds.sql $$;

CREATE FUNCTION public.profiles_record_old_username() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/profiles_record_old_username.sql $$;

CREATE FUNCTION public.profiles_refuse_reserved_username() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/profiles_refuse_reserved_username.sql $$;

CREATE FUNCTION public.profiles_username_not_recently_released() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/profiles_username_not_recently_released.sql $$;

CREATE FUNCTION public.rational_round(num numeric, den numeric, scale integer) RETURNS numeric
    LANGUAGE sql IMMUTABLE
    AS $$ src/server/db/functions/rational_round.sql $$;

CREATE FUNCTION public.refuse_truncate() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/refuse_truncate.sql $$;

CREATE FUNCTION public.runs_with_imported(uid text, OUT longest_win integer, OUT longest_loss integer, OUT max_drawdown numeric) RETURNS record
    LANGUAGE sql STABLE
    AS $$ src/server/db/functions/runs_with_imported.sql $$;

CREATE FUNCTION public.user_achievement_figures_apply() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/user_achievement_figures_apply.sql $$;

CREATE FUNCTION public.user_bet_kinds_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/user_bet_kinds_count.sql $$;

CREATE FUNCTION public.user_bet_runs_merge(uid text, settled_removed boolean, removed_max_amount numeric, added_max_amount numeric, added_status text[], added_settled_at timestamp with time zone[], added_id uuid[], added_profit numeric[]) RETURNS void
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/user_bet_runs_merge.sql $$;

CREATE FUNCTION public.user_bet_stats_apply() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/user_bet_stats_apply.sql $$;

CREATE FUNCTION public.user_bet_stats_truncate() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/user_bet_stats_truncate.sql $$;

CREATE FUNCTION public.user_bet_streaks_apply() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/user_bet_streaks_apply.sql $$;

CREATE FUNCTION public.user_game_days_apply() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/user_game_days_apply.sql $$;

CREATE FUNCTION public.user_market_figures_apply() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/user_market_figures_apply.sql $$;

CREATE FUNCTION public.user_stake_days_apply() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/user_stake_days_apply.sql $$;

CREATE FUNCTION public.user_wellbeing_cool_off_only_longer() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/user_wellbeing_cool_off_only_longer.sql $$;

CREATE FUNCTION public.users_age_confirmation_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/users_age_confirmation_rules.sql $$;

CREATE FUNCTION public.users_two_factor_on_ends_sessions() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ src/server/db/functions/users_two_factor_on_ends_sessions.sql $$;

CREATE TABLE public.accounts (
    id text NOT NULL,
    account_id text NOT NULL,
    provider_id text NOT NULL,
    user_id text NOT NULL,
    access_token text,
    refresh_token text,
    id_token text,
    access_token_expires_at timestamp with time zone,
    refresh_token_expires_at timestamp with time zone,
    scope text,
    password text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.admin_logs (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    admin_user_id text,
    action_type text NOT NULL,
    target_user_id text,
    details jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.bet_ledger_heads (
    user_id text NOT NULL,
    seq integer NOT NULL,
    hash text NOT NULL
);

CREATE TABLE public.bet_positions (
    user_id text NOT NULL,
    event_id uuid NOT NULL,
    market text NOT NULL,
    selection text NOT NULL,
    line numeric(6,1),
    bets integer NOT NULL,
    stake numeric(20,2) NOT NULL,
    odds numeric(20,6) NOT NULL,
    profit numeric(20,2),
    status text NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    counted_odds numeric(20,6) NOT NULL,
    counted_profit numeric(20,2),
    CONSTRAINT bet_positions_status CHECK ((status = ANY (ARRAY['pending'::text, 'won'::text, 'lost'::text, 'void'::text])))
);

CREATE TABLE public.bet_prices (
    bet_id uuid NOT NULL,
    user_id text NOT NULL,
    best_odds numeric(14,6),
    fair_close numeric(14,6),
    above_market boolean DEFAULT false NOT NULL,
    clv numeric(12,6),
    CONSTRAINT bet_prices_above_market CHECK (((NOT above_market) OR (best_odds IS NOT NULL))),
    CONSTRAINT bet_prices_clv CHECK (((clv IS NULL) = (fair_close IS NULL)))
);

CREATE TABLE public.bet_record_versions (
    user_id text NOT NULL,
    version bigint NOT NULL
);

CREATE TABLE public.community_changes (
    xid xid8 NOT NULL
);

CREATE TABLE public.community_changes_pruned (
    one boolean DEFAULT true NOT NULL,
    below xid8 NOT NULL,
    CONSTRAINT community_changes_pruned_one_check CHECK (one)
);

CREATE TABLE public.event_prices (
    event_id uuid NOT NULL,
    bookmaker text NOT NULL,
    kind text NOT NULL,
    market text NOT NULL,
    selection text NOT NULL,
    line numeric(6,1),
    odds numeric(14,6) NOT NULL,
    CONSTRAINT event_prices_bookmaker_length CHECK (((char_length(bookmaker) >= 1) AND (char_length(bookmaker) <= 40))),
    CONSTRAINT event_prices_half_line CHECK (((line IS NULL) OR ((line * (2)::numeric) = trunc((line * (2)::numeric))))),
    CONSTRAINT event_prices_kind CHECK ((kind = ANY (ARRAY['pre'::text, 'closing'::text]))),
    CONSTRAINT event_prices_odds CHECK (((odds > (1)::numeric) AND (odds <= (100000)::numeric))),
    CONSTRAINT event_prices_selection CHECK ((((market = 'moneyline'::text) AND (selection = ANY (ARRAY['home'::text, 'away'::text])) AND (line IS NULL)) OR ((market = '1x2'::text) AND (selection = ANY (ARRAY['home'::text, 'draw'::text, 'away'::text])) AND (line IS NULL)) OR ((market = 'spread'::text) AND (selection = ANY (ARRAY['home'::text, 'away'::text])) AND (line IS NOT NULL)) OR ((market = 'total'::text) AND (selection = ANY (ARRAY['over'::text, 'under'::text])) AND (line >= (0)::numeric))))
);

CREATE TABLE public.events (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    source_feed text NOT NULL,
    source_id text NOT NULL,
    sport text NOT NULL,
    competition text NOT NULL,
    home text NOT NULL,
    away text NOT NULL,
    starts_at timestamp with time zone,
    status text DEFAULT 'scheduled'::text NOT NULL,
    home_score integer,
    away_score integer,
    graded_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT events_competition_length CHECK (((char_length(competition) >= 1) AND (char_length(competition) <= 200))),
    CONSTRAINT events_final_has_start CHECK (((status <> 'final'::text) OR (starts_at IS NOT NULL))),
    CONSTRAINT events_participants CHECK ((((char_length(home) >= 1) AND (char_length(home) <= 200)) AND ((char_length(away) >= 1) AND (char_length(away) <= 200)) AND (home <> away))),
    CONSTRAINT events_score_range CHECK ((((home_score >= 0) AND (home_score <= 10000)) AND ((away_score >= 0) AND (away_score <= 10000)))),
    CONSTRAINT events_score_when_final CHECK ((((status = 'final'::text) = ((home_score IS NOT NULL) AND (away_score IS NOT NULL))) AND ((home_score IS NULL) = (away_score IS NULL)))),
    CONSTRAINT events_source_feed CHECK ((source_feed = ANY (ARRAY['football-json'::text, 'football-data'::text, 'the-odds-api'::text, 'sample'::text]))),
    CONSTRAINT events_source_id_length CHECK (((char_length(source_id) >= 1) AND (char_length(source_id) <= 300))),
    CONSTRAINT events_sport CHECK ((sport = ANY (ARRAY['football'::text, 'basketball'::text, 'baseball'::text, 'soccer'::text, 'tennis'::text, 'mma'::text, 'other'::text]))),
    CONSTRAINT events_status CHECK ((status = ANY (ARRAY['scheduled'::text, 'live'::text, 'final'::text, 'postponed'::text, 'cancelled'::text])))
);

CREATE TABLE public.follows (
    follower_id text NOT NULL,
    followee_id text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    notify text DEFAULT 'none'::text NOT NULL,
    CONSTRAINT follows_not_self CHECK ((follower_id <> followee_id)),
    CONSTRAINT follows_notify CHECK ((notify = ANY (ARRAY['none'::text, 'email'::text, 'digest'::text, 'push'::text])))
);

CREATE TABLE public.imported_bets (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id text NOT NULL,
    import_id uuid NOT NULL,
    row_hash text NOT NULL,
    description text NOT NULL,
    sport text NOT NULL,
    amount numeric(12,2) NOT NULL,
    odds text NOT NULL,
    decimal_odds numeric(14,6) NOT NULL,
    event_date timestamp with time zone NOT NULL,
    status text NOT NULL,
    profit_loss numeric(16,2),
    imported_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT imported_bets_amount_range CHECK (((amount >= 0.01) AND (amount <= (1000000)::numeric))),
    CONSTRAINT imported_bets_decimal_odds_range CHECK (((decimal_odds > (1)::numeric) AND (decimal_odds <= (100000)::numeric))),
    CONSTRAINT imported_bets_description_length CHECK (((char_length(description) >= 1) AND (char_length(description) <= 500))),
    CONSTRAINT imported_bets_odds_length CHECK (((char_length(odds) >= 1) AND (char_length(odds) <= 32))),
    CONSTRAINT imported_bets_row_hash_format CHECK ((row_hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT imported_bets_sport CHECK ((sport = ANY (ARRAY['football'::text, 'basketball'::text, 'baseball'::text, 'soccer'::text, 'tennis'::text, 'mma'::text, 'other'::text]))),
    CONSTRAINT imported_bets_status CHECK ((status = ANY (ARRAY['pending'::text, 'won'::text, 'lost'::text, 'void'::text]))),
    CONSTRAINT imported_bets_status_profit CHECK ((((status = 'pending'::text) AND (profit_loss IS NULL)) OR ((status = 'won'::text) AND (profit_loss >= (0)::numeric)) OR ((status = 'lost'::text) AND (profit_loss = (- amount))) OR ((status = 'void'::text) AND (profit_loss = (0)::numeric))))
);

CREATE TABLE public.inbox_messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    kind text NOT NULL,
    name text NOT NULL,
    email text NOT NULL,
    subject text,
    message text NOT NULL,
    details jsonb DEFAULT '{}'::jsonb NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    priority text DEFAULT 'medium'::text NOT NULL,
    user_id text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT inbox_messages_email_length CHECK (((char_length(email) >= 3) AND (char_length(email) <= 254))),
    CONSTRAINT inbox_messages_kind CHECK ((kind = ANY (ARRAY['contact'::text, 'advertising'::text]))),
    CONSTRAINT inbox_messages_message_length CHECK (((char_length(message) >= 1) AND (char_length(message) <= 5000))),
    CONSTRAINT inbox_messages_name_length CHECK (((char_length(name) >= 1) AND (char_length(name) <= 200))),
    CONSTRAINT inbox_messages_priority CHECK ((priority = ANY (ARRAY['low'::text, 'medium'::text, 'high'::text]))),
    CONSTRAINT inbox_messages_status CHECK ((status = ANY (ARRAY['open'::text, 'in-progress'::text, 'resolved'::text, 'closed'::text])))
);

CREATE TABLE public.inbox_rate_limits (
    key text NOT NULL,
    window_start timestamp with time zone NOT NULL,
    count integer NOT NULL
);

CREATE TABLE public.log_checkpoints (
    size bigint NOT NULL,
    note text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT log_checkpoints_size CHECK ((size >= 1))
);

CREATE TABLE public.log_cosignatures (
    size bigint NOT NULL,
    witness text NOT NULL,
    line text NOT NULL,
    cosigned_at timestamp with time zone NOT NULL,
    CONSTRAINT log_cosignatures_line CHECK (("left"(line, 2) = '— '::text))
);

CREATE TABLE public.log_hashes (
    index bigint NOT NULL,
    hash bytea NOT NULL,
    CONSTRAINT log_hashes_hash CHECK ((octet_length(hash) = 32))
);

CREATE TABLE public.log_leaves (
    index bigint NOT NULL,
    leaf_hash bytea NOT NULL,
    user_id text NOT NULL,
    seq integer NOT NULL,
    sealed_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT log_leaves_index CHECK ((index >= 0)),
    CONSTRAINT log_leaves_leaf_hash CHECK ((octet_length(leaf_hash) = 32))
);

CREATE TABLE public.log_pending (
    id bigint NOT NULL,
    user_id text NOT NULL,
    seq integer NOT NULL
);

CREATE SEQUENCE public.log_pending_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.log_pending_id_seq OWNED BY public.log_pending.id;

CREATE TABLE public.log_state (
    id boolean DEFAULT true NOT NULL,
    size bigint DEFAULT 0 NOT NULL,
    verifier_key text,
    backfilled bigint DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT log_state_one_row CHECK (id),
    CONSTRAINT log_state_size CHECK ((size >= 0))
);

CREATE TABLE public.log_timestamps (
    size bigint NOT NULL,
    authority text NOT NULL,
    tsa_name text NOT NULL,
    gen_time timestamp with time zone NOT NULL,
    token bytea NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT log_timestamps_token CHECK ((octet_length(token) > 0))
);

CREATE TABLE public.log_witness_sizes (
    witness text NOT NULL,
    size bigint DEFAULT 0 NOT NULL,
    CONSTRAINT log_witness_sizes_size CHECK ((size >= 0))
);

CREATE TABLE public.mail_sends (
    id bigint NOT NULL,
    recipient text NOT NULL,
    sent_at timestamp with time zone NOT NULL
);

ALTER TABLE public.mail_sends ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.mail_sends_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.newsletter_subscriptions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    email text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT newsletter_subscriptions_email_lowercase CHECK ((email = lower(email)))
);

CREATE TABLE public.notification_settings (
    user_id text NOT NULL,
    time_zone text DEFAULT 'UTC'::text NOT NULL,
    quiet_start smallint,
    quiet_end smallint,
    digest_hour smallint DEFAULT 8 NOT NULL,
    CONSTRAINT notification_settings_digest_hour CHECK (((digest_hour >= 0) AND (digest_hour <= 23))),
    CONSTRAINT notification_settings_quiet_both CHECK (((quiet_start IS NULL) = (quiet_end IS NULL))),
    CONSTRAINT notification_settings_quiet_range CHECK ((((quiet_start >= 0) AND (quiet_start <= 1439)) AND ((quiet_end >= 0) AND (quiet_end <= 1439)) AND (quiet_start <> quiet_end))),
    CONSTRAINT notification_settings_time_zone CHECK (((length(time_zone) >= 1) AND (length(time_zone) <= 64)))
);

CREATE TABLE public.pick_announcements (
    bet_id uuid NOT NULL,
    recorded_at timestamp with time zone NOT NULL
);

CREATE TABLE public.pick_notifications (
    bet_id uuid NOT NULL,
    follower_id text NOT NULL,
    channel text NOT NULL,
    state text DEFAULT 'waiting'::text NOT NULL,
    send_after timestamp with time zone NOT NULL,
    attempts smallint DEFAULT 0 NOT NULL,
    sent_at timestamp with time zone,
    CONSTRAINT pick_notifications_channel CHECK ((channel = ANY (ARRAY['email'::text, 'digest'::text, 'push'::text]))),
    CONSTRAINT pick_notifications_sent_at CHECK (((state = 'sent'::text) = (sent_at IS NOT NULL))),
    CONSTRAINT pick_notifications_state CHECK ((state = ANY (ARRAY['waiting'::text, 'sending'::text, 'sent'::text, 'failed'::text, 'dropped'::text])))
);

CREATE TABLE public.profiles (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id text NOT NULL,
    username text NOT NULL,
    display_name text,
    verification_status text DEFAULT 'unverified'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT profiles_username_format CHECK ((username ~ '^[a-z0-9_.]{3,30}$'::text)),
    CONSTRAINT profiles_verification_status CHECK ((verification_status = ANY (ARRAY['unverified'::text, 'pending'::text, 'verified'::text])))
);

CREATE TABLE public.push_subscriptions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id text NOT NULL,
    endpoint text NOT NULL,
    p256dh text NOT NULL,
    auth text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT push_subscriptions_endpoint_length CHECK (((length(endpoint) >= 8) AND (length(endpoint) <= 1024)))
);

CREATE TABLE public.rate_limits (
    id text NOT NULL,
    key text NOT NULL,
    count integer NOT NULL,
    last_request bigint NOT NULL
);

CREATE TABLE public.reserved_usernames (
    name text NOT NULL
);

CREATE TABLE public.sessions (
    id text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    token text NOT NULL,
    ip_address text,
    user_agent text,
    user_id text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    second_factor boolean DEFAULT false NOT NULL
);

CREATE TABLE public.sign_in_alerts (
    email text NOT NULL,
    sent_at timestamp with time zone NOT NULL
);

CREATE TABLE public.sign_in_failures (
    id bigint NOT NULL,
    email text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    client text DEFAULT ''::text NOT NULL
);

ALTER TABLE public.sign_in_failures ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.sign_in_failures_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.two_factors (
    id text NOT NULL,
    secret text NOT NULL,
    backup_codes text NOT NULL,
    user_id text NOT NULL,
    verified boolean DEFAULT true NOT NULL,
    failed_verification_count integer DEFAULT 0 NOT NULL,
    locked_until timestamp with time zone
);

CREATE TABLE public.used_totp_codes (
    user_id text NOT NULL,
    code_hash text NOT NULL,
    used_at timestamp(3) with time zone NOT NULL
);

CREATE TABLE public.user_achievement_figures (
    user_id text NOT NULL,
    positions integer DEFAULT 0 NOT NULL,
    won integer DEFAULT 0 NOT NULL,
    profit numeric(20,2) DEFAULT 0 NOT NULL,
    longest_win_streak integer DEFAULT 0 NOT NULL,
    max_stake numeric(20,2) DEFAULT 0 NOT NULL
);

CREATE TABLE public.user_bet_days (
    user_id text NOT NULL,
    day date NOT NULL,
    settled integer DEFAULT 0 NOT NULL,
    won integer DEFAULT 0 NOT NULL,
    profit numeric(20,2) DEFAULT '0'::numeric NOT NULL
);

CREATE TABLE public.user_bet_kinds (
    user_id text NOT NULL,
    graded integer DEFAULT 0 NOT NULL,
    self_reported integer DEFAULT 0 NOT NULL,
    deleted integer DEFAULT 0 NOT NULL
);

CREATE TABLE public.user_bet_stats (
    user_id text NOT NULL,
    total_bets integer DEFAULT 0 NOT NULL,
    won integer DEFAULT 0 NOT NULL,
    lost integer DEFAULT 0 NOT NULL,
    pending integer DEFAULT 0 NOT NULL,
    total_staked numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    total_profit numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    settled_staked numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    longest_win_streak integer DEFAULT 0 NOT NULL,
    current_win_streak integer DEFAULT 0 NOT NULL,
    last_settled_at timestamp with time zone,
    last_settled_id uuid,
    max_amount numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    voided integer DEFAULT 0 NOT NULL,
    odds_sum numeric DEFAULT '0'::numeric NOT NULL,
    level_profit numeric DEFAULT '0'::numeric NOT NULL,
    level_profit_sq numeric DEFAULT '0'::numeric NOT NULL,
    profit_sq numeric DEFAULT '0'::numeric NOT NULL,
    profit_stake numeric DEFAULT '0'::numeric NOT NULL,
    stake_sq numeric DEFAULT '0'::numeric NOT NULL,
    break_even_var numeric DEFAULT '0'::numeric NOT NULL,
    longest_loss_streak integer DEFAULT 0 NOT NULL,
    current_loss_streak integer DEFAULT 0 NOT NULL,
    peak_profit numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    max_drawdown numeric(20,2) DEFAULT '0'::numeric NOT NULL
);

CREATE TABLE public.user_game_days (
    user_id text NOT NULL,
    day date NOT NULL,
    settled integer DEFAULT 0 NOT NULL,
    profit numeric(20,2) DEFAULT '0'::numeric NOT NULL
);

CREATE TABLE public.user_market_figures (
    user_id text NOT NULL,
    above_market integer DEFAULT 0 NOT NULL,
    profit_excess numeric(20,2) DEFAULT 0 NOT NULL,
    odds_excess numeric DEFAULT 0 NOT NULL,
    level_profit_excess numeric DEFAULT 0 NOT NULL,
    level_profit_sq_excess numeric DEFAULT 0 NOT NULL,
    profit_sq_excess numeric DEFAULT 0 NOT NULL,
    profit_stake_excess numeric DEFAULT 0 NOT NULL,
    break_even_var_excess numeric DEFAULT 0 NOT NULL,
    closes integer DEFAULT 0 NOT NULL,
    beat_close integer DEFAULT 0 NOT NULL,
    clv_sum numeric DEFAULT 0 NOT NULL
);

CREATE TABLE public.user_position_days (
    user_id text NOT NULL,
    day date NOT NULL,
    positions integer DEFAULT 0 NOT NULL,
    won integer DEFAULT 0 NOT NULL,
    events integer DEFAULT 0 NOT NULL,
    profit numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    staked numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    level_profit numeric DEFAULT '0'::numeric NOT NULL,
    level_profit_sq numeric DEFAULT '0'::numeric NOT NULL,
    odds_sum numeric DEFAULT '0'::numeric NOT NULL,
    cum_positions integer DEFAULT 0 NOT NULL,
    cum_won integer DEFAULT 0 NOT NULL,
    cum_events integer DEFAULT 0 NOT NULL,
    cum_profit numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    cum_staked numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    cum_level_profit numeric DEFAULT '0'::numeric NOT NULL,
    cum_level_profit_sq numeric DEFAULT '0'::numeric NOT NULL,
    cum_odds_sum numeric DEFAULT '0'::numeric NOT NULL
);

CREATE TABLE public.user_quotas (
    user_id text NOT NULL,
    bucket text NOT NULL,
    minute_start timestamp with time zone NOT NULL,
    minute_count integer NOT NULL,
    day_start timestamp with time zone NOT NULL,
    day_count integer NOT NULL,
    CONSTRAINT user_quotas_bucket CHECK ((bucket = ANY (ARRAY['writes'::text, 'analytics'::text, 'export'::text]))),
    CONSTRAINT user_quotas_counts_positive CHECK (((minute_count >= 1) AND (day_count >= 1)))
);

CREATE TABLE public.user_settings (
    user_id text NOT NULL,
    privacy_settings jsonb DEFAULT '{"profile_public": true}'::jsonb NOT NULL,
    social_links jsonb DEFAULT '{}'::jsonb NOT NULL,
    unit_size numeric(12,2),
    CONSTRAINT user_settings_unit_size_range CHECK (((unit_size IS NULL) OR ((unit_size >= 0.01) AND (unit_size <= (1000000)::numeric))))
);

CREATE TABLE public.user_sport_stats (
    user_id text NOT NULL,
    sport text NOT NULL,
    bets integer DEFAULT 0 NOT NULL,
    won integer DEFAULT 0 NOT NULL,
    lost integer DEFAULT 0 NOT NULL,
    profit numeric(20,2) DEFAULT '0'::numeric NOT NULL
);

CREATE TABLE public.user_stake_days (
    user_id text NOT NULL,
    day date NOT NULL,
    staked numeric(20,2) DEFAULT 0 NOT NULL,
    bets integer DEFAULT 0 NOT NULL
);

CREATE TABLE public.user_wellbeing (
    user_id text NOT NULL,
    budget_period text,
    pay_day smallint,
    stake_limit numeric(12,2),
    loss_limit numeric(12,2),
    cool_off_started_at timestamp with time zone,
    cool_off_until timestamp with time zone,
    reality_check_minutes smallint,
    monthly_statement boolean DEFAULT false NOT NULL,
    last_statement_month date,
    loss_chase_prompts integer DEFAULT 0 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT user_wellbeing_budget_complete CHECK (((budget_period IS NULL) = ((stake_limit IS NULL) AND (loss_limit IS NULL)))),
    CONSTRAINT user_wellbeing_budget_period CHECK ((budget_period = ANY (ARRAY['week'::text, 'month'::text, 'payday'::text]))),
    CONSTRAINT user_wellbeing_cool_off_order CHECK ((cool_off_until > cool_off_started_at)),
    CONSTRAINT user_wellbeing_cool_off_pair CHECK (((cool_off_started_at IS NULL) = (cool_off_until IS NULL))),
    CONSTRAINT user_wellbeing_loss_limit CHECK ((loss_limit >= 0.01)),
    CONSTRAINT user_wellbeing_pay_day CHECK (((pay_day >= 1) AND (pay_day <= 31))),
    CONSTRAINT user_wellbeing_pay_day_period CHECK (((pay_day IS NOT NULL) = (NOT (budget_period IS DISTINCT FROM 'payday'::text)))),
    CONSTRAINT user_wellbeing_reality_check CHECK ((reality_check_minutes = ANY (ARRAY[30, 60, 120]))),
    CONSTRAINT user_wellbeing_stake_limit CHECK ((stake_limit >= 0.01))
);

CREATE TABLE public.username_history (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id text NOT NULL,
    old_username text NOT NULL,
    renamed_at timestamp(3) with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.users (
    id text NOT NULL,
    name text NOT NULL,
    email text NOT NULL,
    email_verified boolean DEFAULT false NOT NULL,
    image text,
    role text DEFAULT 'user'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    two_factor_enabled boolean DEFAULT false NOT NULL,
    age_confirmed_at timestamp with time zone
);

CREATE TABLE public.verifications (
    id text NOT NULL,
    identifier text NOT NULL,
    value text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY public.log_pending ALTER COLUMN id SET DEFAULT nextval('public.log_pending_id_seq'::regclass);

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.admin_logs
    ADD CONSTRAINT admin_logs_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.bet_ledger_heads
    ADD CONSTRAINT bet_ledger_heads_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.bet_ledger
    ADD CONSTRAINT bet_ledger_pkey PRIMARY KEY (user_id, seq);

ALTER TABLE ONLY public.bet_legs
    ADD CONSTRAINT bet_legs_bet_id_position_unique UNIQUE (bet_id, "position");

ALTER TABLE ONLY public.bet_legs
    ADD CONSTRAINT bet_legs_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.bet_positions
    ADD CONSTRAINT bet_positions_one_side_per_market PRIMARY KEY (user_id, event_id, market);

ALTER TABLE ONLY public.bet_prices
    ADD CONSTRAINT bet_prices_pkey PRIMARY KEY (bet_id);

ALTER TABLE ONLY public.bet_record_versions
    ADD CONSTRAINT bet_record_versions_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.bets
    ADD CONSTRAINT bets_pkey PRIMARY KEY (id);

ALTER TABLE public.bets
    ADD CONSTRAINT bets_settled_after_event_start CHECK (((settled_at IS NULL) OR (settled_at >= event_date))) NOT VALID;

ALTER TABLE ONLY public.community_changes
    ADD CONSTRAINT community_changes_pkey PRIMARY KEY (xid);

ALTER TABLE ONLY public.community_changes_pruned
    ADD CONSTRAINT community_changes_pruned_pkey PRIMARY KEY (one);

ALTER TABLE ONLY public.event_prices
    ADD CONSTRAINT event_prices_unique UNIQUE NULLS NOT DISTINCT (event_id, bookmaker, kind, market, selection, line);

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_source_unique UNIQUE (source_feed, source_id);

ALTER TABLE ONLY public.follows
    ADD CONSTRAINT follows_pkey PRIMARY KEY (follower_id, followee_id);

ALTER TABLE ONLY public.imported_bets
    ADD CONSTRAINT imported_bets_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.imported_bets
    ADD CONSTRAINT imported_bets_user_row_hash_unique UNIQUE (user_id, row_hash);

ALTER TABLE ONLY public.inbox_messages
    ADD CONSTRAINT inbox_messages_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.inbox_rate_limits
    ADD CONSTRAINT inbox_rate_limits_pkey PRIMARY KEY (key);

ALTER TABLE ONLY public.log_checkpoints
    ADD CONSTRAINT log_checkpoints_pkey PRIMARY KEY (size);

ALTER TABLE ONLY public.log_cosignatures
    ADD CONSTRAINT log_cosignatures_pkey PRIMARY KEY (size, witness);

ALTER TABLE ONLY public.log_hashes
    ADD CONSTRAINT log_hashes_pkey PRIMARY KEY (index);

ALTER TABLE ONLY public.log_leaves
    ADD CONSTRAINT log_leaves_entry_once UNIQUE (user_id, seq);

ALTER TABLE ONLY public.log_leaves
    ADD CONSTRAINT log_leaves_pkey PRIMARY KEY (index);

ALTER TABLE ONLY public.log_pending
    ADD CONSTRAINT log_pending_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.log_state
    ADD CONSTRAINT log_state_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.log_timestamps
    ADD CONSTRAINT log_timestamps_pkey PRIMARY KEY (size, authority);

ALTER TABLE ONLY public.log_witness_sizes
    ADD CONSTRAINT log_witness_sizes_pkey PRIMARY KEY (witness);

ALTER TABLE ONLY public.mail_sends
    ADD CONSTRAINT mail_sends_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.newsletter_subscriptions
    ADD CONSTRAINT newsletter_subscriptions_email_unique UNIQUE (email);

ALTER TABLE ONLY public.newsletter_subscriptions
    ADD CONSTRAINT newsletter_subscriptions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.notification_settings
    ADD CONSTRAINT notification_settings_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.pick_announcements
    ADD CONSTRAINT pick_announcements_pkey PRIMARY KEY (bet_id);

ALTER TABLE ONLY public.pick_notifications
    ADD CONSTRAINT pick_notifications_pkey PRIMARY KEY (bet_id, follower_id, channel);

ALTER TABLE public.profiles
    ADD CONSTRAINT profiles_display_name_plain CHECK (((display_name !~ '[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]'::text) AND (display_name !~ '[\u2611\u2705\u2713\u2714\U0001F5F8\U0001F5F9]'::text) AND (display_name !~* '\mverified\M'::text))) NOT VALID;

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_user_id_unique UNIQUE (user_id);

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_username_unique UNIQUE (username);

ALTER TABLE ONLY public.push_subscriptions
    ADD CONSTRAINT push_subscriptions_endpoint_key UNIQUE (endpoint);

ALTER TABLE ONLY public.push_subscriptions
    ADD CONSTRAINT push_subscriptions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.rate_limits
    ADD CONSTRAINT rate_limits_key_unique UNIQUE (key);

ALTER TABLE ONLY public.rate_limits
    ADD CONSTRAINT rate_limits_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.reserved_usernames
    ADD CONSTRAINT reserved_usernames_pkey PRIMARY KEY (name);

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_token_unique UNIQUE (token);

ALTER TABLE ONLY public.sign_in_alerts
    ADD CONSTRAINT sign_in_alerts_pkey PRIMARY KEY (email);

ALTER TABLE ONLY public.sign_in_failures
    ADD CONSTRAINT sign_in_failures_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.two_factors
    ADD CONSTRAINT two_factors_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.used_totp_codes
    ADD CONSTRAINT used_totp_codes_pkey PRIMARY KEY (user_id, code_hash);

ALTER TABLE ONLY public.user_achievement_figures
    ADD CONSTRAINT user_achievement_figures_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.user_bet_days
    ADD CONSTRAINT user_bet_days_pkey PRIMARY KEY (user_id, day);

ALTER TABLE ONLY public.user_bet_kinds
    ADD CONSTRAINT user_bet_kinds_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.user_bet_stats
    ADD CONSTRAINT user_bet_stats_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.user_game_days
    ADD CONSTRAINT user_game_days_pkey PRIMARY KEY (user_id, day);

ALTER TABLE ONLY public.user_market_figures
    ADD CONSTRAINT user_market_figures_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.user_position_days
    ADD CONSTRAINT user_position_days_pkey PRIMARY KEY (user_id, day);

ALTER TABLE ONLY public.user_quotas
    ADD CONSTRAINT user_quotas_pkey PRIMARY KEY (user_id, bucket);

ALTER TABLE ONLY public.user_settings
    ADD CONSTRAINT user_settings_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.user_sport_stats
    ADD CONSTRAINT user_sport_stats_pkey PRIMARY KEY (user_id, sport);

ALTER TABLE ONLY public.user_stake_days
    ADD CONSTRAINT user_stake_days_pkey PRIMARY KEY (user_id, day);

ALTER TABLE ONLY public.user_wellbeing
    ADD CONSTRAINT user_wellbeing_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.username_history
    ADD CONSTRAINT username_history_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_email_unique UNIQUE (email);

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.verifications
    ADD CONSTRAINT verifications_pkey PRIMARY KEY (id);

CREATE INDEX accounts_user_id_idx ON public.accounts USING btree (user_id);

CREATE INDEX admin_logs_created_at_idx ON public.admin_logs USING btree (created_at DESC NULLS LAST);

CREATE INDEX bet_ledger_deleted_idx ON public.bet_ledger USING btree (user_id, seq DESC) WHERE (kind = 'deleted'::text);

CREATE INDEX bet_legs_event_pending_idx ON public.bet_legs USING btree (event_id) WHERE ((event_id IS NOT NULL) AND (status = 'pending'::text));

CREATE UNIQUE INDEX bet_legs_one_per_event ON public.bet_legs USING btree (bet_id, event_id) WHERE (event_id IS NOT NULL);

CREATE INDEX bet_positions_user_start_idx ON public.bet_positions USING btree (user_id, starts_at, event_id, market);

CREATE INDEX bet_prices_user_idx ON public.bet_prices USING btree (user_id);

CREATE INDEX bets_event_idx ON public.bets USING btree (event_id) WHERE (event_id IS NOT NULL);

CREATE INDEX bets_event_pending_idx ON public.bets USING btree (event_id) WHERE ((event_id IS NOT NULL) AND (status = 'pending'::text));

CREATE INDEX bets_settled_at_idx ON public.bets USING btree (settled_at) WHERE (settled_at IS NOT NULL);

CREATE INDEX bets_user_event_idx ON public.bets USING btree (user_id, event_id) WHERE ((event_id IS NOT NULL) AND (leg_count IS NULL));

CREATE INDEX bets_user_id_created_at_idx ON public.bets USING btree (user_id, created_at DESC, id DESC);

CREATE INDEX bets_user_id_pending_event_idx ON public.bets USING btree (user_id, event_date) WHERE (status = 'pending'::text);

CREATE INDEX bets_user_id_settled_at_idx ON public.bets USING btree (user_id, settled_at, id) INCLUDE (bet_type) WHERE (status <> 'pending'::text);

CREATE INDEX events_postponed_idx ON public.events USING btree (starts_at) WHERE (status = 'postponed'::text);

CREATE INDEX events_upcoming_idx ON public.events USING btree (starts_at, id) WHERE (status = 'scheduled'::text);

CREATE INDEX follows_followee_id_idx ON public.follows USING btree (followee_id, follower_id);

CREATE INDEX follows_followee_notify_idx ON public.follows USING btree (followee_id, follower_id) WHERE (notify <> 'none'::text);

CREATE INDEX imported_bets_user_event_idx ON public.imported_bets USING btree (user_id, event_date DESC, id DESC);

CREATE INDEX imported_bets_user_imported_idx ON public.imported_bets USING btree (user_id, imported_at DESC, import_id DESC);

CREATE INDEX inbox_messages_created_at_idx ON public.inbox_messages USING btree (created_at DESC, id DESC);

CREATE INDEX inbox_messages_status_created_at_idx ON public.inbox_messages USING btree (status, created_at DESC);

CREATE INDEX inbox_rate_limits_window_start_idx ON public.inbox_rate_limits USING btree (window_start);

CREATE UNIQUE INDEX log_leaves_leaf_hash_idx ON public.log_leaves USING btree (leaf_hash);

CREATE INDEX mail_sends_recipient_sent_idx ON public.mail_sends USING btree (recipient, sent_at);

CREATE INDEX pick_announcements_recorded_at_idx ON public.pick_announcements USING btree (recorded_at);

CREATE INDEX pick_notifications_due_idx ON public.pick_notifications USING btree (send_after) WHERE (state = ANY (ARRAY['waiting'::text, 'failed'::text]));

CREATE INDEX profiles_created_at_idx ON public.profiles USING btree (created_at DESC, id DESC);

CREATE INDEX profiles_display_name_prefix_idx ON public.profiles USING btree (lower(display_name) text_pattern_ops);

CREATE INDEX profiles_display_name_surname_prefix_idx ON public.profiles USING btree (lower("substring"(display_name, '\s+(\S.*)$'::text)) text_pattern_ops);

CREATE INDEX profiles_username_prefix_idx ON public.profiles USING btree (username text_pattern_ops);

CREATE INDEX profiles_verification_status_created_at_idx ON public.profiles USING btree (verification_status, created_at DESC, id DESC);

CREATE INDEX push_subscriptions_user_id_idx ON public.push_subscriptions USING btree (user_id);

CREATE INDEX sessions_user_id_idx ON public.sessions USING btree (user_id);

CREATE INDEX sign_in_failures_client_created_idx ON public.sign_in_failures USING btree (client, created_at);

CREATE INDEX sign_in_failures_email_created_idx ON public.sign_in_failures USING btree (email, created_at);

CREATE UNIQUE INDEX two_factors_user_id_idx ON public.two_factors USING btree (user_id);

CREATE INDEX user_settings_public_user_id_idx ON public.user_settings USING btree (user_id) WHERE ((privacy_settings ->> 'profile_public'::text) = 'true'::text);

CREATE INDEX user_sport_stats_sport_user_id_idx ON public.user_sport_stats USING btree (sport, user_id);

CREATE INDEX username_history_old_username_idx ON public.username_history USING btree (old_username, renamed_at);

CREATE INDEX users_email_prefix_idx ON public.users USING btree (lower(email) text_pattern_ops);

CREATE INDEX verifications_identifier_idx ON public.verifications USING btree (identifier);

CREATE STATISTICS public.user_settings_profile_public_stats ON (privacy_settings ->> 'profile_public'::text) FROM public.user_settings;

CREATE TRIGGER bet_ledger_append_only BEFORE DELETE OR UPDATE ON public.bet_ledger FOR EACH ROW EXECUTE FUNCTION public.bet_ledger_append_only();

CREATE TRIGGER bet_ledger_no_truncate BEFORE TRUNCATE ON public.bet_ledger FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_truncate();

CREATE TRIGGER bet_ledger_queue_for_log AFTER INSERT ON public.bet_ledger REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_ledger_queue_for_log();

CREATE TRIGGER bet_legs_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.bet_legs FOR EACH STATEMENT EXECUTE FUNCTION public.community_changes_note();

CREATE TRIGGER bet_legs_graded AFTER INSERT ON public.bet_legs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_legs_graded();

CREATE TRIGGER bet_legs_guard BEFORE INSERT OR DELETE OR UPDATE ON public.bet_legs FOR EACH ROW EXECUTE FUNCTION public.bet_legs_guard();

CREATE TRIGGER bet_legs_guard_graded BEFORE UPDATE ON public.bet_legs FOR EACH ROW EXECUTE FUNCTION public.bets_guard_graded();

CREATE TRIGGER bet_legs_match_event BEFORE INSERT ON public.bet_legs FOR EACH ROW EXECUTE FUNCTION public.bets_match_event();

CREATE TRIGGER bet_legs_no_truncate BEFORE TRUNCATE ON public.bet_legs FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_truncate();

CREATE TRIGGER bet_legs_odds_at_least_minimum BEFORE INSERT OR UPDATE OF decimal_odds ON public.bet_legs FOR EACH ROW WHEN ((new.decimal_odds < 1.01)) EXECUTE FUNCTION public.odds_at_least_minimum();

CREATE TRIGGER bet_legs_recorded AFTER INSERT ON public.bet_legs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_legs_recorded();

CREATE TRIGGER bet_legs_settle_parlay AFTER UPDATE ON public.bet_legs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_legs_settle_parlay();

CREATE TRIGGER bet_legs_version_delete AFTER DELETE ON public.bet_legs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_record_versions_bump('bet_legs');

CREATE TRIGGER bet_legs_version_insert AFTER INSERT ON public.bet_legs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_record_versions_bump('bet_legs');

CREATE TRIGGER bet_legs_version_update AFTER UPDATE ON public.bet_legs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_record_versions_bump('bet_legs');

CREATE TRIGGER bet_prices_on_bets AFTER INSERT ON public.bets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_prices_apply();

CREATE TRIGGER bet_prices_on_prices_insert AFTER INSERT ON public.event_prices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_prices_apply();

CREATE TRIGGER bet_prices_on_prices_update AFTER UPDATE ON public.event_prices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_prices_apply();

CREATE TRIGGER bet_prices_positions_insert AFTER INSERT ON public.bet_prices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_positions_apply();

CREATE TRIGGER bet_prices_positions_update AFTER UPDATE ON public.bet_prices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_positions_apply();

CREATE TRIGGER bets_announce AFTER INSERT ON public.bets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bets_announce();

CREATE TRIGGER bets_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.bets FOR EACH STATEMENT EXECUTE FUNCTION public.community_changes_note();

CREATE TRIGGER bets_game_days_delete AFTER DELETE ON public.bets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_game_days_apply();

CREATE TRIGGER bets_game_days_insert AFTER INSERT ON public.bets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_game_days_apply();

CREATE TRIGGER bets_game_days_update AFTER UPDATE ON public.bets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_game_days_apply();

CREATE TRIGGER bets_guard_graded BEFORE DELETE OR UPDATE ON public.bets FOR EACH ROW EXECUTE FUNCTION public.bets_guard_graded();

CREATE TRIGGER bets_guard_record BEFORE DELETE OR UPDATE ON public.bets FOR EACH ROW EXECUTE FUNCTION public.bets_guard_record();

CREATE TRIGGER bets_ledger_append AFTER INSERT OR DELETE ON public.bets FOR EACH ROW EXECUTE FUNCTION public.bets_ledger_append();

CREATE TRIGGER bets_ledger_settled AFTER UPDATE ON public.bets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bets_ledger_settled();

CREATE TRIGGER bets_match_event BEFORE INSERT ON public.bets FOR EACH ROW EXECUTE FUNCTION public.bets_match_event();

CREATE TRIGGER bets_no_truncate BEFORE TRUNCATE ON public.bets FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_truncate();

CREATE TRIGGER bets_odds_at_least_minimum BEFORE INSERT OR UPDATE OF decimal_odds ON public.bets FOR EACH ROW WHEN ((new.decimal_odds < 1.01)) EXECUTE FUNCTION public.odds_at_least_minimum();

CREATE CONSTRAINT TRIGGER bets_parlay_leg_count AFTER INSERT ON public.bets DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ((new.leg_count IS NOT NULL)) EXECUTE FUNCTION public.bets_parlay_leg_count();

CREATE TRIGGER bets_positions_delete AFTER DELETE ON public.bets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_positions_apply();

CREATE TRIGGER bets_positions_insert AFTER INSERT ON public.bets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_positions_apply();

CREATE TRIGGER bets_positions_update AFTER UPDATE ON public.bets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_positions_apply();

CREATE TRIGGER bets_stake_days_delete AFTER DELETE ON public.bets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_stake_days_apply();

CREATE TRIGGER bets_stake_days_insert AFTER INSERT ON public.bets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_stake_days_apply();

CREATE TRIGGER bets_stake_days_update AFTER UPDATE ON public.bets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_stake_days_apply();

CREATE TRIGGER bets_stats_delete AFTER DELETE ON public.bets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_bet_stats_apply();

CREATE TRIGGER bets_stats_insert AFTER INSERT ON public.bets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_bet_stats_apply();

CREATE TRIGGER bets_stats_truncate AFTER TRUNCATE ON public.bets FOR EACH STATEMENT EXECUTE FUNCTION public.user_bet_stats_truncate();

CREATE TRIGGER bets_stats_update AFTER UPDATE ON public.bets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_bet_stats_apply();

CREATE TRIGGER bets_streaks_delete AFTER DELETE ON public.bets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_bet_streaks_apply();

CREATE TRIGGER bets_streaks_insert AFTER INSERT ON public.bets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_bet_streaks_apply();

CREATE TRIGGER bets_summaries_delete AFTER DELETE ON public.bets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.community_summaries_apply();

CREATE TRIGGER bets_summaries_insert AFTER INSERT ON public.bets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.community_summaries_apply();

CREATE TRIGGER bets_summaries_truncate AFTER TRUNCATE ON public.bets FOR EACH STATEMENT EXECUTE FUNCTION public.community_summaries_truncate();

CREATE TRIGGER bets_summaries_update AFTER UPDATE ON public.bets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.community_summaries_apply();

CREATE TRIGGER bets_unit_size BEFORE INSERT ON public.bets FOR EACH ROW EXECUTE FUNCTION public.bets_unit_size();

CREATE TRIGGER bets_version_delete AFTER DELETE ON public.bets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_record_versions_bump('bets');

CREATE TRIGGER bets_version_insert AFTER INSERT ON public.bets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_record_versions_bump('bets');

CREATE TRIGGER bets_version_update AFTER UPDATE ON public.bets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.bet_record_versions_bump('bets');

CREATE TRIGGER events_grade AFTER INSERT OR UPDATE OF status ON public.events FOR EACH ROW EXECUTE FUNCTION public.events_grade();

CREATE TRIGGER events_guard_result BEFORE INSERT OR UPDATE ON public.events FOR EACH ROW EXECUTE FUNCTION public.events_guard_result();

CREATE TRIGGER imported_bets_total_cap AFTER INSERT ON public.imported_bets REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION public.imported_bets_total_cap();

CREATE TRIGGER log_checkpoints_append_only BEFORE DELETE OR UPDATE ON public.log_checkpoints FOR EACH ROW EXECUTE FUNCTION public.log_append_only();

CREATE TRIGGER log_checkpoints_no_truncate BEFORE TRUNCATE ON public.log_checkpoints FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_truncate();

CREATE TRIGGER log_cosignatures_append_only BEFORE DELETE OR UPDATE ON public.log_cosignatures FOR EACH ROW EXECUTE FUNCTION public.log_append_only();

CREATE TRIGGER log_cosignatures_no_truncate BEFORE TRUNCATE ON public.log_cosignatures FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_truncate();

CREATE TRIGGER log_hashes_append_only BEFORE DELETE OR UPDATE ON public.log_hashes FOR EACH ROW EXECUTE FUNCTION public.log_append_only();

CREATE TRIGGER log_hashes_no_truncate BEFORE TRUNCATE ON public.log_hashes FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_truncate();

CREATE TRIGGER log_leaves_append_only BEFORE DELETE OR UPDATE ON public.log_leaves FOR EACH ROW EXECUTE FUNCTION public.log_append_only();

CREATE TRIGGER log_leaves_no_truncate BEFORE TRUNCATE ON public.log_leaves FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_truncate();

CREATE TRIGGER log_timestamps_append_only BEFORE DELETE OR UPDATE ON public.log_timestamps FOR EACH ROW EXECUTE FUNCTION public.log_append_only();

CREATE TRIGGER log_timestamps_no_truncate BEFORE TRUNCATE ON public.log_timestamps FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_truncate();

CREATE TRIGGER profiles_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.profiles FOR EACH STATEMENT EXECUTE FUNCTION public.community_changes_note();

CREATE TRIGGER profiles_username_history AFTER UPDATE OF username ON public.profiles FOR EACH ROW WHEN ((new.username IS DISTINCT FROM old.username)) EXECUTE FUNCTION public.profiles_record_old_username();

CREATE TRIGGER profiles_username_not_recently_released BEFORE INSERT OR UPDATE OF username ON public.profiles FOR EACH ROW EXECUTE FUNCTION public.profiles_username_not_recently_released();

CREATE TRIGGER profiles_username_not_reserved BEFORE INSERT OR UPDATE OF username ON public.profiles FOR EACH ROW EXECUTE FUNCTION public.profiles_refuse_reserved_username();

CREATE TRIGGER sessions_notify_change AFTER DELETE OR UPDATE ON public.sessions FOR EACH ROW EXECUTE FUNCTION public.notify_session_change('user_id');

CREATE TRIGGER user_achievement_figures_delete AFTER DELETE ON public.bet_positions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_achievement_figures_apply();

CREATE TRIGGER user_achievement_figures_insert AFTER INSERT ON public.bet_positions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_achievement_figures_apply();

CREATE TRIGGER user_achievement_figures_update AFTER UPDATE ON public.bet_positions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_achievement_figures_apply();

CREATE TRIGGER user_bet_kinds_delete AFTER DELETE ON public.bets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_bet_kinds_count();

CREATE TRIGGER user_bet_kinds_insert AFTER INSERT ON public.bets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_bet_kinds_count();

CREATE TRIGGER user_bet_stats_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.user_bet_stats FOR EACH STATEMENT EXECUTE FUNCTION public.community_changes_note();

CREATE TRIGGER user_market_figures_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.user_market_figures FOR EACH STATEMENT EXECUTE FUNCTION public.community_changes_note();

CREATE TRIGGER user_market_figures_delete AFTER DELETE ON public.bet_prices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_market_figures_apply();

CREATE TRIGGER user_market_figures_insert AFTER INSERT ON public.bet_prices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_market_figures_apply();

CREATE TRIGGER user_market_figures_on_bets AFTER UPDATE ON public.bets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_market_figures_apply();

CREATE TRIGGER user_market_figures_update AFTER UPDATE ON public.bet_prices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.user_market_figures_apply();

CREATE TRIGGER user_position_days_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.user_position_days FOR EACH STATEMENT EXECUTE FUNCTION public.community_changes_note();

CREATE TRIGGER user_settings_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.user_settings FOR EACH STATEMENT EXECUTE FUNCTION public.community_changes_note();

CREATE TRIGGER user_sport_stats_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.user_sport_stats FOR EACH STATEMENT EXECUTE FUNCTION public.community_changes_note();

CREATE TRIGGER user_wellbeing_cool_off_only_longer BEFORE UPDATE OF cool_off_until ON public.user_wellbeing FOR EACH ROW EXECUTE FUNCTION public.user_wellbeing_cool_off_only_longer();

CREATE TRIGGER users_age_confirmation BEFORE INSERT OR UPDATE OF age_confirmed_at ON public.users FOR EACH ROW EXECUTE FUNCTION public.users_age_confirmation_rules();

CREATE TRIGGER users_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.users FOR EACH STATEMENT EXECUTE FUNCTION public.community_changes_note();

CREATE TRIGGER users_create_profile AFTER INSERT ON public.users FOR EACH ROW EXECUTE FUNCTION public.create_profile_for_new_user();

CREATE TRIGGER users_notify_change AFTER DELETE OR UPDATE ON public.users FOR EACH ROW EXECUTE FUNCTION public.notify_session_change('id');

CREATE TRIGGER users_two_factor_on_ends_sessions AFTER UPDATE OF two_factor_enabled ON public.users FOR EACH ROW WHEN ((new.two_factor_enabled AND (NOT old.two_factor_enabled))) EXECUTE FUNCTION public.users_two_factor_on_ends_sessions();

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.admin_logs
    ADD CONSTRAINT admin_logs_admin_user_id_users_id_fk FOREIGN KEY (admin_user_id) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.admin_logs
    ADD CONSTRAINT admin_logs_target_user_id_users_id_fk FOREIGN KEY (target_user_id) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.bet_ledger_heads
    ADD CONSTRAINT bet_ledger_heads_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.bet_ledger
    ADD CONSTRAINT bet_ledger_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.bet_legs
    ADD CONSTRAINT bet_legs_bet_id_bets_id_fk FOREIGN KEY (bet_id) REFERENCES public.bets(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.bet_legs
    ADD CONSTRAINT bet_legs_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id);

ALTER TABLE ONLY public.bet_positions
    ADD CONSTRAINT bet_positions_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id);

ALTER TABLE ONLY public.bet_positions
    ADD CONSTRAINT bet_positions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.bet_prices
    ADD CONSTRAINT bet_prices_bet_id_fkey FOREIGN KEY (bet_id) REFERENCES public.bets(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.bet_prices
    ADD CONSTRAINT bet_prices_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.bet_record_versions
    ADD CONSTRAINT bet_record_versions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.bets
    ADD CONSTRAINT bets_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id);

ALTER TABLE ONLY public.bets
    ADD CONSTRAINT bets_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.event_prices
    ADD CONSTRAINT event_prices_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.follows
    ADD CONSTRAINT follows_followee_id_fkey FOREIGN KEY (followee_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.follows
    ADD CONSTRAINT follows_follower_id_fkey FOREIGN KEY (follower_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.imported_bets
    ADD CONSTRAINT imported_bets_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.inbox_messages
    ADD CONSTRAINT inbox_messages_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.log_cosignatures
    ADD CONSTRAINT log_cosignatures_checkpoint_fk FOREIGN KEY (size) REFERENCES public.log_checkpoints(size);

ALTER TABLE ONLY public.log_pending
    ADD CONSTRAINT log_pending_ledger_fk FOREIGN KEY (user_id, seq) REFERENCES public.bet_ledger(user_id, seq) ON DELETE CASCADE;

ALTER TABLE ONLY public.log_timestamps
    ADD CONSTRAINT log_timestamps_checkpoint_fk FOREIGN KEY (size) REFERENCES public.log_checkpoints(size);

ALTER TABLE ONLY public.notification_settings
    ADD CONSTRAINT notification_settings_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.pick_announcements
    ADD CONSTRAINT pick_announcements_bet_id_fkey FOREIGN KEY (bet_id) REFERENCES public.bets(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.pick_notifications
    ADD CONSTRAINT pick_notifications_bet_id_fkey FOREIGN KEY (bet_id) REFERENCES public.bets(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.pick_notifications
    ADD CONSTRAINT pick_notifications_follower_id_fkey FOREIGN KEY (follower_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.push_subscriptions
    ADD CONSTRAINT push_subscriptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.two_factors
    ADD CONSTRAINT two_factors_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.used_totp_codes
    ADD CONSTRAINT used_totp_codes_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.user_achievement_figures
    ADD CONSTRAINT user_achievement_figures_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.user_bet_days
    ADD CONSTRAINT user_bet_days_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.user_bet_kinds
    ADD CONSTRAINT user_bet_kinds_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.user_bet_stats
    ADD CONSTRAINT user_bet_stats_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.user_game_days
    ADD CONSTRAINT user_game_days_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.user_market_figures
    ADD CONSTRAINT user_market_figures_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.user_position_days
    ADD CONSTRAINT user_position_days_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.user_quotas
    ADD CONSTRAINT user_quotas_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.user_settings
    ADD CONSTRAINT user_settings_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.user_sport_stats
    ADD CONSTRAINT user_sport_stats_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.user_stake_days
    ADD CONSTRAINT user_stake_days_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.user_wellbeing
    ADD CONSTRAINT user_wellbeing_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.username_history
    ADD CONSTRAINT username_history_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
