CREATE TABLE `registrations` (
	`account_id` text NOT NULL,
	`mode` text NOT NULL,
	`id` text NOT NULL,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	`body` text NOT NULL,
	PRIMARY KEY(`account_id`, `mode`, `id`),
	CONSTRAINT "registrations_mode_check" CHECK(mode IN ('test', 'live'))
);
