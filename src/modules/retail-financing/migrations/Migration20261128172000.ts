import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * When the merchant marked the contract's in-store payment received, and who (the admin user's id): until
 * then the shopper still owes it to the store. Existing rows start unmarked, which is what they are.
 */
export class Migration20261128172000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "retail_financing_application" add column if not exists "in_store_payment_received_at" timestamptz null, add column if not exists "in_store_payment_received_by" text null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "retail_financing_application" drop column if exists "in_store_payment_received_at", drop column if exists "in_store_payment_received_by";`
    )
  }
}
