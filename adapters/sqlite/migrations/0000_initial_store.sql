CREATE TABLE `calculations` (
	`account_id` text NOT NULL,
	`mode` text NOT NULL,
	`id` text NOT NULL,
	`kind` text NOT NULL,
	`currency` text NOT NULL,
	`total_excluding_tax_minor` integer NOT NULL,
	`total_tax_minor` integer NOT NULL,
	`total_including_tax_minor` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`deleted_at` integer,
	`body` text NOT NULL,
	PRIMARY KEY(`account_id`, `mode`, `id`),
	CONSTRAINT "calculations_mode_check" CHECK(mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE TABLE `customers` (
	`account_id` text NOT NULL,
	`mode` text NOT NULL,
	`id` text NOT NULL,
	`reference_customer_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	`body` text NOT NULL,
	PRIMARY KEY(`account_id`, `mode`, `id`),
	CONSTRAINT "customers_mode_check" CHECK(mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_reference_unique` ON `customers` (`account_id`,`mode`,`reference_customer_id`) WHERE deleted_at IS NULL AND reference_customer_id <> '';--> statement-breakpoint
CREATE TABLE `merchants` (
	`account_id` text NOT NULL,
	`mode` text NOT NULL,
	`id` text NOT NULL,
	`reference_merchant_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	`body` text NOT NULL,
	PRIMARY KEY(`account_id`, `mode`, `id`),
	CONSTRAINT "merchants_mode_check" CHECK(mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `merchants_reference_unique` ON `merchants` (`account_id`,`mode`,`reference_merchant_id`) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE TABLE `products` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`mode` text NOT NULL,
	`reference_product_id` text NOT NULL,
	`category` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	`body` text NOT NULL,
	CONSTRAINT "products_mode_check" CHECK(mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_reference_unique` ON `products` (`account_id`,`mode`,`reference_product_id`) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE TABLE `refund_reversals` (
	`account_id` text NOT NULL,
	`mode` text NOT NULL,
	`id` text NOT NULL,
	`refund_id` text NOT NULL,
	`transaction_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	`body` text NOT NULL,
	PRIMARY KEY(`account_id`, `mode`, `id`),
	CONSTRAINT "refund_reversals_mode_check" CHECK(mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE INDEX `refund_reversals_refund_index` ON `refund_reversals` (`account_id`,`mode`,`refund_id`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`mode` text NOT NULL,
	`id` text NOT NULL,
	`transaction_id` text NOT NULL,
	`type` text NOT NULL,
	`amount_excluding_tax_minor` integer NOT NULL,
	`tax_minor` integer NOT NULL,
	`amount_including_tax_minor` integer NOT NULL,
	`processed_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`reversed_at` integer,
	`reversal_id` text,
	`deleted_at` integer,
	`body` text NOT NULL,
	CONSTRAINT "refunds_mode_check" CHECK(mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_id_unique` ON `refunds` (`account_id`,`mode`,`id`);--> statement-breakpoint
CREATE INDEX `refunds_transaction_index` ON `refunds` (`account_id`,`mode`,`transaction_id`,`seq`);--> statement-breakpoint
CREATE TABLE `transactions` (
	`account_id` text NOT NULL,
	`mode` text NOT NULL,
	`id` text NOT NULL,
	`calculation_id` text NOT NULL,
	`reference_order_id` text NOT NULL,
	`type` text NOT NULL,
	`merchant_id` text,
	`currency` text NOT NULL,
	`filing_currency` text NOT NULL,
	`amount_excluding_tax_minor` integer NOT NULL,
	`tax_minor` integer NOT NULL,
	`amount_including_tax_minor` integer NOT NULL,
	`processed_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	`body` text NOT NULL,
	PRIMARY KEY(`account_id`, `mode`, `id`),
	CONSTRAINT "transactions_mode_check" CHECK(mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_reference_order_unique` ON `transactions` (`account_id`,`mode`,`reference_order_id`,`type`) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_calculation_unique` ON `transactions` (`account_id`,`mode`,`calculation_id`,`type`);