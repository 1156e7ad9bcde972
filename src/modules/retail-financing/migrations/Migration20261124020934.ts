import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261124020934 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "retail_financing_application" add column if not exists "signed_invoice_amount" numeric null, add column if not exists "raw_signed_invoice_amount" jsonb null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "retail_financing_application" drop column if exists "signed_invoice_amount", drop column if exists "raw_signed_invoice_amount";`
    )
  }
}
