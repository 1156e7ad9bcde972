import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123224648 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "retail_financing_application" add column if not exists "creation_error" text null, add column if not exists "payment_collection_id" text null, add column if not exists "cart_fingerprint" text null, add column if not exists "customer_fingerprint" text null, add column if not exists "superseded_by_id" text null, add column if not exists "superseded_at" timestamptz null, add column if not exists "completion_attempts" integer not null default 0, add column if not exists "next_completion_at" timestamptz null, add column if not exists "completion_error" text null, add column if not exists "exception_reason" text null, add column if not exists "exception_at" timestamptz null, add column if not exists "exception_resolution" text null, add column if not exists "exception_resolved_at" timestamptz null, add column if not exists "exception_resolved_by" text null, add column if not exists "sync_requested_at" timestamptz null;`
    )
    this.addSql(
      `alter table if exists "retail_financing_application" alter column "public_id" type text using ("public_id"::text);`
    )
    this.addSql(
      `alter table if exists "retail_financing_application" alter column "public_id" drop not null;`
    )
    this.addSql(
      `alter table if exists "retail_financing_application" alter column "payment_session_id" type text using ("payment_session_id"::text);`
    )
    this.addSql(
      `alter table if exists "retail_financing_application" alter column "payment_session_id" drop not null;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_retail_financing_application_cart_id" ON "retail_financing_application" ("cart_id") WHERE cart_id IS NOT NULL AND deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_retail_financing_application_exception_reason" ON "retail_financing_application" ("exception_reason") WHERE exception_reason IS NOT NULL AND deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_retail_financing_application_cart_id";`)
    this.addSql(`drop index if exists "IDX_retail_financing_application_exception_reason";`)
    this.addSql(
      `alter table if exists "retail_financing_application" drop column if exists "creation_error", drop column if exists "payment_collection_id", drop column if exists "cart_fingerprint", drop column if exists "customer_fingerprint", drop column if exists "superseded_by_id", drop column if exists "superseded_at", drop column if exists "completion_attempts", drop column if exists "next_completion_at", drop column if exists "completion_error", drop column if exists "exception_reason", drop column if exists "exception_at", drop column if exists "exception_resolution", drop column if exists "exception_resolved_at", drop column if exists "exception_resolved_by", drop column if exists "sync_requested_at";`
    )

    this.addSql(
      `alter table if exists "retail_financing_application" alter column "public_id" type text using ("public_id"::text);`
    )
    this.addSql(`alter table if exists "retail_financing_application" alter column "public_id" set not null;`)
    this.addSql(
      `alter table if exists "retail_financing_application" alter column "payment_session_id" type text using ("payment_session_id"::text);`
    )
    this.addSql(
      `alter table if exists "retail_financing_application" alter column "payment_session_id" set not null;`
    )
  }
}
