-- The check-task generator takes a task's id from the sequence itself, so the insert writes the task's code
-- (XJ, DJ or BY and the id) too (domains/check/generate.ts).
grant usage on sequence check_tasks_id_seq to eam_app;
