ALTER TABLE `transactions` ADD `customer_id` text;--> statement-breakpoint
CREATE INDEX `transactions_processed_at` ON `transactions` (`account_id`,`mode`,`processed_at`,`id`);--> statement-breakpoint
CREATE INDEX `refunds_processed_at` ON `refunds` (`account_id`,`mode`,`processed_at`,`id`);--> statement-breakpoint
CREATE INDEX `refunds_reversed_at` ON `refunds` (`account_id`,`mode`,`reversed_at`,`id`);