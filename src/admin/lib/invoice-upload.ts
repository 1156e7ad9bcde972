/**
 * The multipart body of the merchant's own invoice (POST /admin/retail-financing/orders/:order_id/invoice).
 * The uploaded invoice replaces the generated one for the order; `keep_generated=true` asks for both.
 * The field is left out when unchecked (the route's default), and written before the file so the server has
 * it whatever order it reads the parts in.
 */
export function invoiceUploadForm(file: File, keepGenerated: boolean): FormData {
  const form = new FormData()
  if (keepGenerated) form.append("keep_generated", "true")
  form.append("file", file, file.name)
  return form
}
