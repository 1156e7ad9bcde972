import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The lender's payment as columns the payouts report can filter and page on: its date (`YYYY-MM-DD`, the
 * service's date as reported), its status, and when the ledger first saw a payment and last saw it change.
 * `funding` keeps the whole payment as the service last reported it. Rows with a payment already are given
 * its date and status here; when they were seen is not known, so it stays null.
 */
export class Migration20261128140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "retail_financing_application" add column if not exists "funding_date" text null, add column if not exists "funding_status" text null, add column if not exists "funding_seen_at" timestamptz null, add column if not exists "funding_changed_at" timestamptz null;`
    )
    this.addSql(
      `update "retail_financing_application" set "funding_date" = left("funding"->>'date', 10), "funding_status" = "funding"->>'status' where "funding" is not null and "funding_date" is null;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_retail_financing_application_funding_date" ON "retail_financing_application" ("funding_date") WHERE deleted_at IS NULL AND funding_date IS NOT NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_retail_financing_application_funding_date";`)
    this.addSql(
      `alter table if exists "retail_financing_application" drop column if exists "funding_date", drop column if exists "funding_status", drop column if exists "funding_seen_at", drop column if exists "funding_changed_at";`
    )
  }
}
