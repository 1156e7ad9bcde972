import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The service's application number (spec 2.4 `applicationId`), which its own pages show. Existing rows get
 * it from the next status read the plugin makes of them; until then the admin shows the public id.
 */
export class Migration20261128145000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "retail_financing_application" add column if not exists "application_number" integer null;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_retail_financing_application_application_number" ON "retail_financing_application" ("application_number") WHERE deleted_at IS NULL AND application_number IS NOT NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_retail_financing_application_application_number";`)
    this.addSql(
      `alter table if exists "retail_financing_application" drop column if exists "application_number";`
    )
  }
}
