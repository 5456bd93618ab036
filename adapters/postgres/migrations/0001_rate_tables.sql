CREATE TABLE "rate_snapshots" (
	"id" text PRIMARY KEY NOT NULL,
	"table_ids" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_tables" (
	"id" text PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"name" text NOT NULL,
	"effective_date" text NOT NULL,
	"row_count" bigint NOT NULL,
	"imported_at" bigint NOT NULL,
	"active_seq" bigint,
	"active_revision" bigint,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rate_tables_active_seq_unique" ON "rate_tables" USING btree ("active_seq");--> statement-breakpoint
CREATE INDEX "rate_tables_active_revision" ON "rate_tables" USING btree ("active_revision");