CREATE TABLE `rate_snapshots` (
	`id` text PRIMARY KEY NOT NULL,
	`table_ids` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rate_tables` (
	`id` text PRIMARY KEY NOT NULL,
	`format` text NOT NULL,
	`file_name` text NOT NULL,
	`name` text NOT NULL,
	`effective_date` text NOT NULL,
	`row_count` integer NOT NULL,
	`imported_at` integer NOT NULL,
	`active_seq` integer,
	`active_revision` integer,
	`body` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rate_tables_active_seq_unique` ON `rate_tables` (`active_seq`);--> statement-breakpoint
CREATE INDEX `rate_tables_active_revision` ON `rate_tables` (`active_revision`);