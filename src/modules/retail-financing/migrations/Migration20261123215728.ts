import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The action kind becomes plain text, checked against ACTION_KINDS by the ledger when an action is recorded:
 * a new kind of post-sale action then needs no migration.
 */
export class Migration20261123215728 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "retail_financing_action" drop constraint if exists "retail_financing_action_kind_check";`
    )

    this.addSql(
      `alter table if exists "retail_financing_action" alter column "kind" type text using ("kind"::text);`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "retail_financing_action" add constraint "retail_financing_action_kind_check" check("kind" in ('order_references', 'invoice', 'delivery', 'return'));`
    )
  }
}
