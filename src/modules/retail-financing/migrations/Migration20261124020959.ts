import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261124020959 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "retail_financing_action" drop constraint if exists "retail_financing_action_state_check";`
    )

    this.addSql(
      `alter table if exists "retail_financing_action" add column if not exists "sender" jsonb null, add column if not exists "attempt_log" jsonb null;`
    )
    this.addSql(
      `alter table if exists "retail_financing_action" add constraint "retail_financing_action_state_check" check("state" in ('pending', 'sending', 'succeeded', 'failed', 'waiting', 'unknown', 'checking'));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "retail_financing_action" drop constraint if exists "retail_financing_action_state_check";`
    )

    this.addSql(
      `alter table if exists "retail_financing_action" drop column if exists "sender", drop column if exists "attempt_log";`
    )

    this.addSql(
      `alter table if exists "retail_financing_action" add constraint "retail_financing_action_state_check" check("state" in ('pending', 'sending', 'succeeded', 'failed', 'waiting'));`
    )
  }
}
