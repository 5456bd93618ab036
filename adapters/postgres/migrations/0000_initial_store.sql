CREATE TABLE "calculations" (
	"account_id" text NOT NULL,
	"mode" text NOT NULL,
	"id" "bytea" NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"total_excluding_tax_minor" bigint NOT NULL,
	"total_tax_minor" bigint NOT NULL,
	"total_including_tax_minor" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"deleted_at" bigint,
	"body" text NOT NULL,
	CONSTRAINT "calculations_account_id_mode_id_pk" PRIMARY KEY("account_id","mode","id"),
	CONSTRAINT "calculations_mode_check" CHECK (mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"account_id" text NOT NULL,
	"mode" text NOT NULL,
	"id" "bytea" NOT NULL,
	"reference_customer_id" "bytea" NOT NULL,
	"created_at" bigint NOT NULL,
	"deleted_at" bigint,
	"body" text NOT NULL,
	CONSTRAINT "customers_account_id_mode_id_pk" PRIMARY KEY("account_id","mode","id"),
	CONSTRAINT "customers_mode_check" CHECK (mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE TABLE "housekeeping" (
	"job" text PRIMARY KEY NOT NULL,
	"watermark" bigint NOT NULL,
	"ran_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"account_id" text NOT NULL,
	"mode" text NOT NULL,
	"id" "bytea" NOT NULL,
	"reference_merchant_id" "bytea" NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"deleted_at" bigint,
	"body" text NOT NULL,
	CONSTRAINT "merchants_account_id_mode_id_pk" PRIMARY KEY("account_id","mode","id"),
	CONSTRAINT "merchants_mode_check" CHECK (mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" text NOT NULL,
	"mode" text NOT NULL,
	"reference_product_id" "bytea" NOT NULL,
	"category" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"deleted_at" bigint,
	"body" text NOT NULL,
	CONSTRAINT "products_mode_check" CHECK (mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE TABLE "refund_reversals" (
	"account_id" text NOT NULL,
	"mode" text NOT NULL,
	"id" "bytea" NOT NULL,
	"refund_id" "bytea" NOT NULL,
	"transaction_id" "bytea" NOT NULL,
	"created_at" bigint NOT NULL,
	"deleted_at" bigint,
	"body" text NOT NULL,
	CONSTRAINT "refund_reversals_account_id_mode_id_pk" PRIMARY KEY("account_id","mode","id"),
	CONSTRAINT "refund_reversals_mode_check" CHECK (mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" text NOT NULL,
	"mode" text NOT NULL,
	"id" "bytea" NOT NULL,
	"transaction_id" "bytea" NOT NULL,
	"type" text NOT NULL,
	"amount_excluding_tax_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"amount_including_tax_minor" bigint NOT NULL,
	"processed_at" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"reversed_at" bigint,
	"reversal_id" "bytea",
	"deleted_at" bigint,
	"body" text NOT NULL,
	CONSTRAINT "refunds_mode_check" CHECK (mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"account_id" text NOT NULL,
	"mode" text NOT NULL,
	"id" "bytea" NOT NULL,
	"calculation_id" "bytea" NOT NULL,
	"reference_order_id" "bytea" NOT NULL,
	"type" text NOT NULL,
	"merchant_id" "bytea",
	"currency" text NOT NULL,
	"filing_currency" text NOT NULL,
	"amount_excluding_tax_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"amount_including_tax_minor" bigint NOT NULL,
	"processed_at" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"deleted_at" bigint,
	"body" text NOT NULL,
	CONSTRAINT "transactions_account_id_mode_id_pk" PRIMARY KEY("account_id","mode","id"),
	CONSTRAINT "transactions_mode_check" CHECK (mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE INDEX "calculations_expires_at" ON "calculations" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_reference_unique" ON "customers" USING btree ("account_id","mode","reference_customer_id") WHERE deleted_at IS NULL AND reference_customer_id <> ''::bytea;--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_reference_unique" ON "merchants" USING btree ("account_id","mode","reference_merchant_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "products_reference_unique" ON "products" USING btree ("account_id","mode","reference_product_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "refund_reversals_refund_index" ON "refund_reversals" USING btree ("account_id","mode","refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_id_unique" ON "refunds" USING btree ("account_id","mode","id");--> statement-breakpoint
CREATE INDEX "refunds_transaction_index" ON "refunds" USING btree ("account_id","mode","transaction_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_reference_order_unique" ON "transactions" USING btree ("account_id","mode","reference_order_id","type") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_calculation_unique" ON "transactions" USING btree ("account_id","mode","calculation_id","type");