-- Issue 11 items 4-5: a player may hide their profile stats; the admin audit log is append-only and
-- filterable (by actor, action, target, date).

-- Public profile privacy (the Settings tab): others see the profile without its figures.
ALTER TABLE users ADD COLUMN hide_stats BOOLEAN NOT NULL DEFAULT FALSE;

-- Every admin and moderator action is one row that the database never edits nor deletes.
CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only';
END $$;
CREATE TRIGGER admin_audit_log_no_update BEFORE UPDATE OR DELETE ON admin_audit_log
  FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only();

-- the Audit tab's filters, newest first
CREATE INDEX admin_audit_log_actor ON admin_audit_log (admin_id, id);
CREATE INDEX admin_audit_log_action ON admin_audit_log (action, id);
CREATE INDEX admin_audit_log_target ON admin_audit_log (target, id);
CREATE INDEX admin_audit_log_created ON admin_audit_log (created_at);
