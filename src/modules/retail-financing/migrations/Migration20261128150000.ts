import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * When the admin last made the plugin read an application's status because someone was looking at it (the
 * read-on-view of a contract awaiting funding or a return's settlement): at most one such read a minute per
 * application, whatever the number of tabs open on it.
 */
export class Migration20261128150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "retail_financing_application" add column if not exists "viewed_read_at" timestamptz null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "retail_financing_application" drop column if exists "viewed_read_at";`
    )
  }
}
