import { generateEntityId } from "@medusajs/framework/utils"

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

/** The part of MikroORM's entity manager these statements use. */
interface Sql {
  execute(sql: string, params?: unknown[]): Promise<unknown>
}

export async function insertInvoiceFile(sql: Sql, file: InvoiceFileInput): Promise<StoredInvoiceFile> {
  const stored = { ...file, id: generateEntityId(undefined, "rfinv"), size: file.content.byteLength }
  await sql.execute(
    `INSERT INTO retail_financing_invoice_file (id, order_id, filename, content_type, size, content)
     VALUES (?, ?, ?, ?, ?, ?)`,
    [stored.id, stored.order_id, stored.filename, stored.content_type, stored.size, stored.content]
  )
  return stored
}

export async function selectInvoiceFile(sql: Sql, id: string): Promise<StoredInvoiceFile | undefined> {
  const rows = (await sql.execute(
    `SELECT id, order_id, filename, content_type, size, content FROM retail_financing_invoice_file WHERE id = ?`,
    [id]
  )) as StoredInvoiceFile[]
  return rows[0]
}

export async function deleteInvoiceFiles(sql: Sql, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  await sql.execute(
    `DELETE FROM retail_financing_invoice_file WHERE id IN (${ids.map(() => "?").join(", ")})`,
    [...ids]
  )
}

/**
 * Deletes every file whose invoice action has succeeded: the service accepted it, so nothing will read it
 * again. Catches a file left behind when a sender stopped between the service's answer and its own delete.
 */
export async function deleteSentInvoiceFiles(sql: Sql): Promise<string[]> {
  const rows = (await sql.execute(
    `DELETE FROM retail_financing_invoice_file file
      WHERE EXISTS (SELECT 1 FROM retail_financing_action action
                     WHERE action.kind = 'invoice' AND action.state = 'succeeded'
                       AND action.payload->>'file_id' = file.id)
      RETURNING file.id`
  )) as { id: string }[]
  return rows.map((row) => row.id)
}
