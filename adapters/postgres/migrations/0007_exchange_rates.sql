CREATE TABLE "exchange_rates" (
	"source" text NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"valid_from" text NOT NULL,
	"valid_to" text NOT NULL,
	"rate" text NOT NULL,
	CONSTRAINT "exchange_rates_source_base_quote_valid_from_pk" PRIMARY KEY("source","base","quote","valid_from")
);
