CREATE TABLE `certificate_requests` (
	`account_id` text NOT NULL,
	`mode` text NOT NULL,
	`id` text NOT NULL,
	`customer_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`body` text NOT NULL,
	PRIMARY KEY(`account_id`, `mode`, `id`),
	CONSTRAINT "certificate_requests_mode_check" CHECK(mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE INDEX `certificate_requests_customer_index` ON `certificate_requests` (`account_id`,`mode`,`customer_id`,`id`);--> statement-breakpoint
CREATE TABLE `certificates` (
	`account_id` text NOT NULL,
	`mode` text NOT NULL,
	`id` text NOT NULL,
	`customer_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`body` text NOT NULL,
	PRIMARY KEY(`account_id`, `mode`, `id`),
	CONSTRAINT "certificates_mode_check" CHECK(mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE INDEX `certificates_customer_index` ON `certificates` (`account_id`,`mode`,`customer_id`,`id`);