import {
  DEFAULT_MAX_INVOICE_BYTES,
  INVOICE_EXTENSIONS,
  INVOICE_FILE_ACCEPT,
  INVOICE_FILENAME_MAX_LENGTH,
  invoiceFileIssues,
  invoiceFileTypeOf,
  type InvoiceFile,
  safeInvoiceFilename,
} from "../schemas"

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === "string" ? [...Buffer.from(part, "latin1")] : part))
  )

/** A ZIP local file header (PK\x03\x04, stored, no extra field) for one entry, followed by its data. */
function zipWithEntry(name: string, data = "<xml/>"): Uint8Array {
  const header = Buffer.alloc(30)
  header.writeUInt32LE(0x04034b50, 0) // signature
  header.writeUInt16LE(20, 4) // version needed
  header.writeUInt16LE(0, 6) // flags
  header.writeUInt16LE(0, 8) // method: stored
  header.writeUInt32LE(data.length, 18) // compressed size
  header.writeUInt32LE(data.length, 22) // uncompressed size
  header.writeUInt16LE(name.length, 26) // file name length
  header.writeUInt16LE(0, 28) // extra field length
  return new Uint8Array(Buffer.concat([header, Buffer.from(name, "latin1"), Buffer.from(data, "latin1")]))
}

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const SAMPLES = {
  pdf: bytes("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n"),
  ole2: bytes(OLE2, [0x00, 0x00, 0x00, 0x00, 0x3e, 0x00, 0x03, 0x00]),
  docx: zipWithEntry("word/document.xml"),
  xlsx: zipWithEntry("xl/workbook.xml"),
  tiffLittleEndian: bytes("II*\0", [0x08, 0x00, 0x00, 0x00]),
  tiffBigEndian: bytes("MM\0*", [0x00, 0x00, 0x00, 0x08]),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF\0"),
  gif89a: bytes("GIF89a", [0x01, 0x00, 0x01, 0x00]),
  gif87a: bytes("GIF87a", [0x01, 0x00, 0x01, 0x00]),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0x00, 0x00, 0x00, 0x0d], "IHDR"),
  raw: bytes([0x00, 0x13, 0x37, 0x42, 0xff]),
  text: bytes("Invoice 1001: $899.99\n"),
}

const file = (filename: string, content: Uint8Array): InvoiceFile => ({ filename, content })

describe("invoiceFileIssues (spec 2.9)", () => {
  it("the supported extensions are the spec's list, with tiff beside tif", () => {
    expect([...INVOICE_EXTENSIONS].sort()).toEqual(
      ["pdf", "doc", "docx", "tif", "tiff", "jpg", "jpeg", "gif", "png", "xls", "xlsx", "raw"].sort()
    )
  })

  it("offers the same endings to a browser's file picker", () => {
    expect(INVOICE_FILE_ACCEPT.split(",").sort()).toEqual(
      [
        ".pdf",
        ".doc",
        ".docx",
        ".tif",
        ".tiff",
        ".jpg",
        ".jpeg",
        ".gif",
        ".png",
        ".xls",
        ".xlsx",
        ".raw",
      ].sort()
    )
  })

  it.each([
    ["invoice.pdf", SAMPLES.pdf],
    ["invoice.doc", SAMPLES.ole2],
    ["invoice.docx", SAMPLES.docx],
    ["invoice.xls", SAMPLES.ole2],
    ["invoice.xlsx", SAMPLES.xlsx],
    ["scan.tif", SAMPLES.tiffLittleEndian],
    ["scan.tif", SAMPLES.tiffBigEndian],
    ["scan.tiff", SAMPLES.tiffLittleEndian],
    ["scan.tiff", SAMPLES.tiffBigEndian],
    ["photo.jpg", SAMPLES.jpeg],
    ["photo.jpeg", SAMPLES.jpeg],
    ["scan.gif", SAMPLES.gif89a],
    ["scan.gif", SAMPLES.gif87a],
    ["scan.png", SAMPLES.png],
    ["sensor.raw", SAMPLES.raw],
    ["INVOICE.PDF", SAMPLES.pdf],
    ["Photo.JPEG", SAMPLES.jpeg],
    ["Scan.TiFf", SAMPLES.tiffBigEndian],
    ["invoice.2026-11.final.pdf", SAMPLES.pdf],
  ])("accepts %s with matching content", (filename, content) => {
    expect(invoiceFileIssues(file(filename, content))).toEqual([])
  })

  it.each([
    ["PNG bytes named invoice.pdf", "invoice.pdf", SAMPLES.png, "is not a pdf file"],
    ["a PDF named scan.png", "scan.png", SAMPLES.pdf, "is not a png file"],
    ["a text file named invoice.pdf", "invoice.pdf", SAMPLES.text, "is not a pdf file"],
    ["a JPEG named scan.tiff", "scan.tiff", SAMPLES.jpeg, "is not a tif file"],
    ["a GIF named photo.jpg", "photo.jpg", SAMPLES.gif89a, "is not a jpg file"],
    ["a PDF named invoice.doc", "invoice.doc", SAMPLES.pdf, "is not a doc file"],
    ["a PDF named invoice.xls", "invoice.xls", SAMPLES.pdf, "is not a xls file"],
    ["a .docx named invoice.xlsx", "invoice.xlsx", SAMPLES.docx, "is not a xlsx file"],
    ["a .xlsx named invoice.docx", "invoice.docx", SAMPLES.xlsx, "is not a docx file"],
    ["an old .doc named invoice.docx", "invoice.docx", SAMPLES.ole2, "is not a docx file"],
    ["a bare ZIP named invoice.docx", "invoice.docx", zipWithEntry("readme.txt"), "is not a docx file"],
    ["a PNG named photo.gif", "photo.gif", SAMPLES.png, "is not a gif file"],
  ])("refuses %s on content", (_label, filename, content, fragment) => {
    expect(invoiceFileIssues(file(filename, content))).toEqual([
      { path: "content", message: expect.stringContaining(fragment) },
    ])
  })

  it.each([
    "invoice.exe",
    "invoice",
    "invoice.",
    "invoice.txt",
    "invoice.zip",
    "invoice.pdf.exe",
    "invoice.pdf ",
  ])("refuses the unsupported file name %j on filename, listing the supported extensions", (filename) => {
    const issues = invoiceFileIssues(file(filename, SAMPLES.pdf))
    expect(issues).toEqual([
      { path: "filename", message: expect.stringContaining("must end in one of: pdf, doc") },
    ])
    for (const extension of ["pdf", "docx", "tiff", "jpeg", "xlsx", "raw"]) {
      expect(issues[0].message).toContain(extension)
    }
  })

  it("refuses an empty file on content", () => {
    expect(invoiceFileIssues(file("invoice.pdf", new Uint8Array(0)))).toEqual([
      { path: "content", message: "must not be empty" },
    ])
  })

  it("reports both a bad name and an empty file", () => {
    expect(invoiceFileIssues(file("invoice.exe", new Uint8Array(0)))).toEqual([
      { path: "filename", message: expect.stringContaining("must end in one of") },
      { path: "content", message: "must not be empty" },
    ])
  })

  describe("size limit", () => {
    /** A PDF of exactly `size` bytes. */
    const pdfOfSize = (size: number) => {
      const content = new Uint8Array(size).fill(0x20)
      content.set(SAMPLES.pdf.subarray(0, Math.min(size, SAMPLES.pdf.length)))
      return content
    }

    it.each([1024, 5_000])("accepts exactly maxBytes (%i) and refuses one byte more", (maxBytes) => {
      expect(invoiceFileIssues(file("invoice.pdf", pdfOfSize(maxBytes)), maxBytes)).toEqual([])
      expect(invoiceFileIssues(file("invoice.pdf", pdfOfSize(maxBytes + 1)), maxBytes)).toEqual([
        { path: "content", message: `must be at most ${maxBytes} bytes` },
      ])
    })

    it("defaults to 10 MiB: exactly 10 MiB passes, one byte more does not", () => {
      expect(DEFAULT_MAX_INVOICE_BYTES).toBe(10 * 1024 * 1024)
      expect(invoiceFileIssues(file("invoice.pdf", pdfOfSize(DEFAULT_MAX_INVOICE_BYTES)))).toEqual([])
      expect(invoiceFileIssues(file("invoice.pdf", pdfOfSize(DEFAULT_MAX_INVOICE_BYTES + 1)))).toEqual([
        { path: "content", message: `must be at most ${DEFAULT_MAX_INVOICE_BYTES} bytes` },
      ])
    })
  })
})

describe("invoiceFileTypeOf", () => {
  it.each([
    ["invoice.pdf", "application/pdf"],
    ["INVOICE.PDF", "application/pdf"],
    ["scan.tif", "image/tiff"],
    ["scan.tiff", "image/tiff"],
    ["photo.jpg", "image/jpeg"],
    ["photo.jpeg", "image/jpeg"],
    ["invoice.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["invoice.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["invoice.doc", "application/msword"],
    ["invoice.xls", "application/vnd.ms-excel"],
    ["sensor.raw", "application/octet-stream"],
  ])("%s is %s", (filename, contentType) => {
    expect(invoiceFileTypeOf(filename)?.contentType).toBe(contentType)
  })

  it.each(["invoice.exe", "invoice", "pdf"])("%s has no supported type", (filename) => {
    expect(invoiceFileTypeOf(filename)).toBeUndefined()
  })
})

describe("safeInvoiceFilename", () => {
  it.each([
    ["INV 1001.pdf", "INV 1001.pdf"],
    ["P\u00e9rez-\u00d1and\u00fa \u21165.pdf", "Perez-Nandu No5.pdf"],
    ["Stra\u00dfe \u0152uvre.PDF", "Strasse OEuvre.PDF"],
    ["\u767a\u7968.pdf", "invoice.pdf"],
    ["Rechnung \u767a\u7968 7.pdf", "Rechnung _ 7.pdf"],
    ["a\r\nb.pdf", "ab.pdf"],
    ["tab\there\u0000.pdf", "tabhere.pdf"],
    ['x"y;z%.pdf', "x_y_z.pdf"],
    ["C:\\Users\\me\\inv.pdf", "inv.pdf"],
    ["../../etc/passwd.pdf", "passwd.pdf"],
    ["  spaced   out  .pdf", "spaced out.pdf"],
    [".pdf", "invoice.pdf"],
    ["a.b.c.pdf", "a.b.c.pdf"],
    ["noextension", "noextension"],
  ])("%j is sent as %j", (name, safe) => {
    expect(safeInvoiceFilename(name)).toBe(safe)
  })

  it("cuts a long name to the limit and keeps its extension", () => {
    const safe = safeInvoiceFilename(`${"a".repeat(300)}.pdf`)
    expect(safe).toHaveLength(INVOICE_FILENAME_MAX_LENGTH)
    expect(safe).toBe(`${"a".repeat(INVOICE_FILENAME_MAX_LENGTH - 4)}.pdf`)
  })

  it("changes nothing the second time", () => {
    const names = [
      "P\u00e9rez \u767a.pdf",
      "a\r\nb.pdf",
      `${"\u00e9".repeat(300)}.tiff`,
      " x .pdf",
      "a_ _b.pdf",
    ]
    for (const name of names) {
      const once = safeInvoiceFilename(name)
      expect(safeInvoiceFilename(once)).toBe(once)
      expect(once).toMatch(/^[A-Za-z0-9 ._()-]+$/)
    }
  })
})
