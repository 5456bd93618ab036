CREATE TABLE `calculation_templates` (
	`id` integer PRIMARY KEY NOT NULL,
	`body` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `calculations` ADD `templates_id` integer;