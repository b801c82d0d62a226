-- Issue 38: the site settings of the shell. `watermark` draws the signed-in account and the time
-- over the layout; `embedded_pages` lists the pages shown in a frame inside the layout (title per
-- locale, an https: address or a path of this origin, an optional permission expression), checked
-- with the shared embeddedPagesSchema whenever the server reads it (src/core/site-shell.ts).
ALTER TABLE "sites" ADD COLUMN "watermark" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "embedded_pages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Every server process keeps the sites' shell settings (the CSP's frame-src is built from them on
-- every response); a change, whoever makes it (the seed, an operator's SQL), is announced on
-- site_shell_changed, and every process reads the settings again.
CREATE OR REPLACE FUNCTION notify_site_shell_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('site_shell_changed', NEW.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER sites_shell_changed AFTER INSERT OR UPDATE OF watermark, embedded_pages ON sites
  FOR EACH ROW EXECUTE FUNCTION notify_site_shell_changed();
