ALTER TABLE "calculations" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "calculations" ADD COLUMN "record" "bytea";--> statement-breakpoint
ALTER TABLE "calculations" ADD COLUMN "templates" text;