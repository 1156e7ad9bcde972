import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, generateEntityId } from "@medusajs/framework/utils"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"

import type { SharedManager } from "./ledger-rows"

/** A merchant's invoice file as the ledger keeps it until the service has accepted it. */
export interface StoredInvoiceFile {
  id: string
  order_id: string
  filename: string
  content_type: string
  size: number
  content: Buffer
}

export type InvoiceFileInput = Omit<StoredInvoiceFile, "id" | "size">

/**
 * Merchants' invoice files, kept in the ledger's own table (retail_financing_invoice_file, no model: the
 * bytes are never listed or joined) from the upload until the service accepts the invoice.
 */
export class InvoiceFileStore {
  protected readonly baseRepository_: unknown

  constructor({ baseRepository }: SharedManager) {
    this.baseRepository_ = baseRepository
  }

  @InjectManager()
  async store(
    file: InvoiceFileInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<StoredInvoiceFile> {
    const stored = { ...file, id: generateEntityId(undefined, "rfinv"), size: file.content.byteLength }
    await sharedContext.manager!.execute(
      `INSERT INTO retail_financing_invoice_file (id, order_id, filename, content_type, size, content)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [stored.id, stored.order_id, stored.filename, stored.content_type, stored.size, stored.content]
    )
    return stored
  }

  @InjectManager()
  async read(
    id: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<StoredInvoiceFile | undefined> {
    const rows: StoredInvoiceFile[] = await sharedContext.manager!.execute(
      `SELECT id, order_id, filename, content_type, size, content FROM retail_financing_invoice_file WHERE id = ?`,
      [id]
    )
    return rows[0]
  }

  @InjectManager()
  async delete(ids: string[], @MedusaContext() sharedContext: Context<SqlEntityManager> = {}): Promise<void> {
    if (ids.length === 0) return
    await sharedContext.manager!.execute(
      `DELETE FROM retail_financing_invoice_file WHERE id IN (${ids.map(() => "?").join(", ")})`,
      [...ids]
    )
  }

  /**
   * Deletes every file whose invoice action has succeeded: the service accepted it, so nothing will read it
   * again. Catches a file left behind when a sender stopped between the service's answer and its own delete.
   * Returns their ids.
   */
  @InjectManager()
  async deleteSent(@MedusaContext() sharedContext: Context<SqlEntityManager> = {}): Promise<string[]> {
    const rows: { id: string }[] = await sharedContext.manager!.execute(
      `DELETE FROM retail_financing_invoice_file file
        WHERE EXISTS (SELECT 1 FROM retail_financing_action action
                       WHERE action.kind = 'invoice' AND action.state = 'succeeded'
                         AND action.payload->>'file_id' = file.id)
        RETURNING file.id`
    )
    return rows.map((row) => row.id)
  }
}
