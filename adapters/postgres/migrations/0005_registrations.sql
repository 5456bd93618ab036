CREATE TABLE "registrations" (
	"account_id" text NOT NULL,
	"mode" text NOT NULL,
	"id" "bytea" NOT NULL,
	"created_at" bigint NOT NULL,
	"deleted_at" bigint,
	"body" text NOT NULL,
	CONSTRAINT "registrations_account_id_mode_id_pk" PRIMARY KEY("account_id","mode","id"),
	CONSTRAINT "registrations_mode_check" CHECK (mode IN ('test', 'live'))
);
