-- Written by hand. Dictionary entries in every language: names is {"zh": ..., "en": ..., "tw": ...}, each
-- optional; a language without its own name shows `name` (the name given). The seed fills the built-in
-- entries of the templates from the locale files and, once, the tenants' copies of them.
alter table item_templates add column names jsonb;
alter table items add column names jsonb;
