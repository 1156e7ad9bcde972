import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "retail_financing_action" drop constraint if exists "retail_financing_action_cause_unique";`
    )
    this.addSql(
      `alter table if exists "retail_financing_application" drop constraint if exists "retail_financing_application_payment_session_id_unique";`
    )
    this.addSql(
      `alter table if exists "retail_financing_application" drop constraint if exists "retail_financing_application_public_id_unique";`
    )
    this.addSql(
      `create table if not exists "retail_financing_application" ("id" text not null, "public_id" text not null, "payment_session_id" text not null, "cart_id" text null, "order_id" text null, "status" text not null, "status_history" jsonb not null, "amount" numeric not null, "approval_amount" numeric null, "borrowed_amount" numeric null, "invoice_amount" numeric null, "total_in_store_payment" numeric null, "partner_code" text null, "partner_name" text null, "partner_display_name" text null, "funding" jsonb null, "raw_amount" jsonb not null, "raw_approval_amount" jsonb null, "raw_borrowed_amount" jsonb null, "raw_invoice_amount" jsonb null, "raw_total_in_store_payment" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "retail_financing_application_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_retail_financing_application_public_id_unique" ON "retail_financing_application" ("public_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_retail_financing_application_payment_session_id_unique" ON "retail_financing_application" ("payment_session_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_retail_financing_application_deleted_at" ON "retail_financing_application" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_retail_financing_application_order_id" ON "retail_financing_application" ("order_id") WHERE order_id IS NOT NULL AND deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "retail_financing_action" ("id" text not null, "application_id" text not null, "kind" text check ("kind" in ('order_references', 'invoice', 'delivery', 'return')) not null, "cause" text not null, "summary" text not null, "payload" jsonb not null, "state" text check ("state" in ('pending', 'sending', 'succeeded', 'failed', 'waiting')) not null default 'pending', "attempts" integer not null default 0, "last_error" text null, "result" text null, "next_attempt_at" timestamptz null, "lease_until" timestamptz null, "completed_at" timestamptz null, "settled_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "retail_financing_action_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_retail_financing_action_application_id" ON "retail_financing_action" ("application_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_retail_financing_action_cause_unique" ON "retail_financing_action" ("cause") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_retail_financing_action_deleted_at" ON "retail_financing_action" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_retail_financing_action_state_next_attempt_at" ON "retail_financing_action" ("state", "next_attempt_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `alter table if exists "retail_financing_action" add constraint "retail_financing_action_application_id_foreign" foreign key ("application_id") references "retail_financing_application" ("id") on update cascade;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "retail_financing_action" drop constraint if exists "retail_financing_action_application_id_foreign";`
    )

    this.addSql(`drop table if exists "retail_financing_application" cascade;`)

    this.addSql(`drop table if exists "retail_financing_action" cascade;`)
  }
}
