import { invoiceUploadForm } from "../invoice-upload"

const pdf = () => new File(["%PDF-1.4\n"], "invoice 42.pdf", { type: "application/pdf" })

describe("invoiceUploadForm", () => {
  it("sends only the file by default, so the uploaded invoice replaces the generated one", () => {
    const form = invoiceUploadForm(pdf(), false)
    expect([...form.keys()]).toEqual(["file"])
    const file = form.get("file")
    expect(file).toBeInstanceOf(File)
    expect((file as File).name).toBe("invoice 42.pdf")
  })

  it("asks for the generated invoice as well with keep_generated=true, before the file", () => {
    const form = invoiceUploadForm(pdf(), true)
    expect([...form.keys()]).toEqual(["keep_generated", "file"])
    expect(form.get("keep_generated")).toBe("true")
  })
})
