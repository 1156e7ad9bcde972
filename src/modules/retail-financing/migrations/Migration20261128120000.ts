import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Each application's store code. A migration cannot read the plugin's options, so existing rows are left
 * null here and given the top-level storeCode by the migration script
 * (src/migration-scripts/fill-application-store-codes.ts); until then the plugin reads null as that code.
 */
export class Migration20261128120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "retail_financing_application" add column if not exists "store_code" text null;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_retail_financing_application_store_code" ON "retail_financing_application" ("store_code") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_retail_financing_application_store_code";`)
    this.addSql(`alter table if exists "retail_financing_application" drop column if exists "store_code";`)
  }
}
