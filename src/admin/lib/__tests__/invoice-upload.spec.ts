import { causeOfKey } from "../../../domain/post-sale/action-cause"
import { generatedInvoiceReachedService, invoiceUploadForm } from "../invoice-upload"

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

describe("generatedInvoiceReachedService", () => {
  const generated = (state: string) =>
    ({ kind: "invoice" as const, caused_by: causeOfKey("invoice:order_1"), state }) as never

  it("is true once the generated invoice is sent, in flight or its answer lost", () => {
    for (const state of ["succeeded", "sending", "unknown", "checking"]) {
      expect(generatedInvoiceReachedService("order_1", [generated(state)])).toBe(true)
    }
  })

  it("is false while it is only queued or failed, and for the merchant's own invoices or another order", () => {
    for (const state of ["pending", "failed"]) {
      expect(generatedInvoiceReachedService("order_1", [generated(state)])).toBe(false)
    }
    const merchants = {
      kind: "invoice" as const,
      caused_by: causeOfKey("invoice:order_1:file:f_1"),
      state: "succeeded",
    } as never
    expect(generatedInvoiceReachedService("order_1", [merchants])).toBe(false)
    expect(generatedInvoiceReachedService("order_2", [generated("succeeded")])).toBe(false)
  })
})
