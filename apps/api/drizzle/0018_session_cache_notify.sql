-- The in-process session cache (src/auth/session-cache.ts, docs/decisions/016-cpu-per-request.md):
-- every change that can end or alter a session notifies every app instance in the same
-- transaction (delivered at commit). Payload: u:<user id> or e:<entity id>.
CREATE OR REPLACE FUNCTION trustlinks_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_ record;
BEGIN
  IF TG_OP = 'DELETE' THEN row_ := OLD; ELSE row_ := NEW; END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('trustlinks_sessions', 'u:' || row_.user_id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('trustlinks_sessions', 'u:' || row_.id);
  ELSE
    PERFORM pg_notify('trustlinks_sessions', 'e:' || row_.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_session_changed
  AFTER UPDATE OF revoked_at, expires_at, user_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION trustlinks_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_session_changed
  AFTER UPDATE OF email, role, entity_id, status, password_hash, password_reset_required, first_name, last_name OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION trustlinks_session_changed();
--> statement-breakpoint
CREATE TRIGGER entities_session_changed
  AFTER UPDATE OF verification_status OR DELETE ON entities
  FOR EACH ROW EXECUTE FUNCTION trustlinks_session_changed();
