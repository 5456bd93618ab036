CREATE TABLE "certificate_requests" (
	"account_id" text NOT NULL,
	"mode" text NOT NULL,
	"id" "bytea" NOT NULL,
	"customer_id" "bytea" NOT NULL,
	"created_at" bigint NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "certificate_requests_account_id_mode_id_pk" PRIMARY KEY("account_id","mode","id"),
	CONSTRAINT "certificate_requests_mode_check" CHECK (mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"account_id" text NOT NULL,
	"mode" text NOT NULL,
	"id" "bytea" NOT NULL,
	"customer_id" "bytea" NOT NULL,
	"created_at" bigint NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "certificates_account_id_mode_id_pk" PRIMARY KEY("account_id","mode","id"),
	CONSTRAINT "certificates_mode_check" CHECK (mode IN ('test', 'live'))
);
--> statement-breakpoint
CREATE INDEX "certificate_requests_customer_index" ON "certificate_requests" USING btree ("account_id","mode","customer_id","id");--> statement-breakpoint
CREATE INDEX "certificates_customer_index" ON "certificates" USING btree ("account_id","mode","customer_id","id");