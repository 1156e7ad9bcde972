/**
 * Spec 2.9 file types. Each is recognised by its first bytes as well as its name, because a renamed file
 * would be accepted here and refused (or worse, stored unreadable) by the service.
 */
export interface InvoiceFileType {
  extensions: readonly string[]
  contentType: string
  /** Does the content look like this type? Absent where the format has no signature (raw sensor data). */
  matches?: (content: Uint8Array) => boolean
}

const startsWith = (content: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, index) => content[index] === byte)
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))
const contains = (content: Uint8Array, text: string) => Buffer.from(content).includes(text, 0, "latin1")

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const ZIP = [0x50, 0x4b, 0x03, 0x04]

export const INVOICE_FILE_TYPES: Record<string, InvoiceFileType> = {
  pdf: { extensions: ["pdf"], contentType: "application/pdf", matches: (c) => startsWith(c, ascii("%PDF-")) },
  doc: { extensions: ["doc"], contentType: "application/msword", matches: (c) => startsWith(c, OLE2) },
  docx: {
    extensions: ["docx"],
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    // Entry names in a ZIP's local headers are stored uncompressed, so the part folder is visible.
    matches: (c) => startsWith(c, ZIP) && contains(c, "word/"),
  },
  xls: { extensions: ["xls"], contentType: "application/vnd.ms-excel", matches: (c) => startsWith(c, OLE2) },
  xlsx: {
    extensions: ["xlsx"],
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    matches: (c) => startsWith(c, ZIP) && contains(c, "xl/"),
  },
  tif: {
    extensions: ["tif", "tiff"],
    contentType: "image/tiff",
    matches: (c) => startsWith(c, [0x49, 0x49, 0x2a, 0x00]) || startsWith(c, [0x4d, 0x4d, 0x00, 0x2a]),
  },
  jpg: {
    extensions: ["jpg", "jpeg"],
    contentType: "image/jpeg",
    matches: (c) => startsWith(c, [0xff, 0xd8, 0xff]),
  },
  gif: {
    extensions: ["gif"],
    contentType: "image/gif",
    matches: (c) => startsWith(c, ascii("GIF87a")) || startsWith(c, ascii("GIF89a")),
  },
  png: {
    extensions: ["png"],
    contentType: "image/png",
    matches: (c) => startsWith(c, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  raw: { extensions: ["raw"], contentType: "application/octet-stream" },
}

export const INVOICE_EXTENSIONS: readonly string[] = Object.values(INVOICE_FILE_TYPES).flatMap(
  (type) => type.extensions
)

/**
 * The same list as a file input's `accept` (".pdf,.doc,…"), so the admin's file picker offers exactly what
 * the upload takes. This file imports nothing, so a browser bundle can import it as it is.
 */
export const INVOICE_FILE_ACCEPT = INVOICE_EXTENSIONS.map((extension) => `.${extension}`).join(",")

/** The spec states no size limit; 10 MiB holds any invoice and keeps a runaway upload from eating memory. */
export const DEFAULT_MAX_INVOICE_BYTES = 10 * 1024 * 1024

export interface InvoiceFile {
  filename: string
  content: Uint8Array
  contentType?: string
}

export interface InvoiceFileIssue {
  path: "filename" | "content"
  message: string
}

export function invoiceFileTypeOf(filename: string): InvoiceFileType | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase()
  if (!extension) return undefined
  return Object.values(INVOICE_FILE_TYPES).find((type) => type.extensions.includes(extension))
}

/** Every reason this file cannot be uploaded; empty when it can. */
export function invoiceFileIssues(
  file: InvoiceFile,
  maxBytes = DEFAULT_MAX_INVOICE_BYTES
): InvoiceFileIssue[] {
  const issues: InvoiceFileIssue[] = []
  const type = invoiceFileTypeOf(file.filename)
  if (!type) {
    issues.push({ path: "filename", message: `must end in one of: ${INVOICE_EXTENSIONS.join(", ")}` })
  }
  if (file.content.byteLength === 0) {
    issues.push({ path: "content", message: "must not be empty" })
  } else if (file.content.byteLength > maxBytes) {
    issues.push({ path: "content", message: `must be at most ${maxBytes} bytes` })
  } else if (type?.matches && !type.matches(file.content)) {
    issues.push({
      path: "content",
      message: `is not a ${type.extensions[0]} file (its first bytes do not match)`,
    })
  }
  return issues
}

/**
 * The longest file name the plugin stores or sends, extension included. The spec sets no limit; 100 keeps
 * a merchant's name readable and far below the 255 bytes a file system at the service may allow.
 */
export const INVOICE_FILENAME_MAX_LENGTH = 100

// Letters with no decomposition into an ASCII letter and a mark.
const LIGATURES: Record<string, string> = { ß: "ss", æ: "ae", Æ: "AE", œ: "oe", Œ: "OE", ø: "o", Ø: "O" }
Object.assign(LIGATURES, { ł: "l", Ł: "L", đ: "d", Đ: "D", þ: "th", Þ: "Th" })

/**
 * The name as it is stored and sent: printable ASCII only, at most INVOICE_FILENAME_MAX_LENGTH characters,
 * its extension kept. The spec does not say how the service decodes a multipart file name (RFC 7578
 * forbids `filename*`, and raw UTF-8 or percent-escapes are each read differently by different servers), so
 * only characters every reader agrees on are sent: a directory part is dropped, control characters (CR, LF,
 * tab...) are removed, accented letters lose their accents (é → e, ß → ss), and anything else outside
 * letters, digits, space and `. _ - ( )` becomes `_`. Applying it twice changes nothing.
 */
export function safeInvoiceFilename(filename: string): string {
  const base = filename.split(/[/\\]/).pop() ?? ""
  const ascii = base
    .replace(/\p{Cc}/gu, "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^ -~]/g, (char) => LIGATURES[char] ?? "_")
    .replace(/[^A-Za-z0-9 ._()-]/g, "_")
    .replace(/_{2,}/g, "_")
    .replace(/ {2,}/g, " ")
  const match = /^(.*?)(\.[A-Za-z0-9]{1,10})?$/.exec(ascii)!
  const extension = match[2] ?? ""
  const stem = (match[1] ?? "").replace(/^[ ._]+|[ ._]+$/g, "")
  const kept = stem.slice(0, INVOICE_FILENAME_MAX_LENGTH - extension.length).replace(/[ ._]+$/, "")
  return `${kept || "invoice"}${extension}`
}
