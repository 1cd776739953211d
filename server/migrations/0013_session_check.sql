-- Written by hand (not generated). The session look-up every authenticated request makes, as a function: a
-- read sends it in the round trip that opens its transaction, where a plain statement would be planned on
-- every call (planning costs several times the look-up); PL/pgSQL keeps its plan per connection.
create function eam_session(sid uuid)
returns table (user_id bigint, tenant_id bigint, must_change_password boolean, is_platform boolean, perm_version integer)
language plpgsql stable as $$
#variable_conflict use_column
begin
  return query
    select s.user_id, s.tenant_id, u.must_change_password, c.is_platform, c.perm_version
      from sessions s
      join users u on u.tenant_id = s.tenant_id and u.id = s.user_id
      join companies c on c.id = s.tenant_id
     where s.id = sid and s.revoked_at is null and s.expires_at > now()
       and u.state = 1 and not u.deleted and c.state = 1;
end
$$;
