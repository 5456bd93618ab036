ALTER TABLE "transactions" ADD COLUMN "customer_id" "bytea";--> statement-breakpoint
CREATE INDEX "refunds_processed_at" ON "refunds" USING btree ("account_id","mode","processed_at","id");--> statement-breakpoint
CREATE INDEX "refunds_reversed_at" ON "refunds" USING btree ("account_id","mode","reversed_at","id");--> statement-breakpoint
CREATE INDEX "transactions_processed_at" ON "transactions" USING btree ("account_id","mode","processed_at","id");