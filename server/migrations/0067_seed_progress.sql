-- The demo factory's first-start seed as one unit: the steps done so far and when it was finished. A company
-- with a row not yet finished is left alone by the timed jobs; the next start resumes its remaining steps.
create table seed_progress (
  company_id bigint primary key references companies(id) on delete cascade,
  done_steps text[] not null default '{}',
  started_at timestamptz not null default now(),
  finished_at timestamptz
);

-- A claimed job is kept by its instance's heartbeat (locked_until moves on every few seconds); the instance
-- that claimed it is named for the operator.
alter table jobs add column claimed_by text;
