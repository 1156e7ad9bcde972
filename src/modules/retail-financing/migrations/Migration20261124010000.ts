import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The merchant's invoice files, kept in the plugin's own table until the service has accepted them, then
 * deleted. Not in Medusa's File module: its local provider serves every file, private ones too, at an
 * unauthenticated /static URL, and an invoice holds the customer's name and address. Not on a local disk:
 * a store may run several servers that share only PostgreSQL, and any of them may send the file. A
 * hand-written table (no data model) because Medusa's data models have no binary type.
 */
export class Migration20261124010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "retail_financing_invoice_file" ("id" text not null, "order_id" text not null, "filename" text not null, "content_type" text not null, "size" integer not null, "content" bytea not null, "created_at" timestamptz not null default now(), constraint "retail_financing_invoice_file_pkey" primary key ("id"));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "retail_financing_invoice_file";`)
  }
}
