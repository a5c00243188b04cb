-- Decision 762: the audit log is append-only. These triggers make the database refuse an UPDATE,
-- DELETE or TRUNCATE of a line: the application, and anyone using its database role through
-- ordinary statements, cannot change or remove one. The application's role owns the table, so it
-- could still drop the triggers; in production the next step is a separate owner of the table and
-- REVOKE of UPDATE, DELETE and TRUNCATE from the application's role.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
