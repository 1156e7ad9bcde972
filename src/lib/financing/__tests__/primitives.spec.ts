import { HttpUrl, Money, PositiveMoney, isPoBox } from "../schemas"

describe("Money", () => {
  it("sends float noise as the exact cent amount", () => {
    expect(Money.parse(0.1 + 0.2)).toBe(0.3)
    expect(Money.parse(1.15 * 3)).toBe(3.45)
    expect(PositiveMoney.parse(19.99 * 100)).toBe(1999)
  })

  it.each([0.001, 1.005, 19.999])("still refuses a real fraction of a cent: %d", (value) => {
    expect(Money.safeParse(value).success).toBe(false)
  })
})

describe("isPoBox", () => {
  it.each(["PO-Box 12", "Box9", "p.o.-box 4", "PO Box 12", "P.O. Box 7", "Post Office Box 3", "POB 12"])(
    "recognises %j",
    (street) => {
      expect(isPoBox(street)).toBe(true)
    }
  )

  it.each(["12 Boxwood Lane", "1 Post Rd", "400 Box Elder St", "77 Pobrecito Way"])(
    "lets %j pass",
    (street) => {
      expect(isPoBox(street)).toBe(false)
    }
  )
})

describe("HttpUrl", () => {
  it.each([" https://shop.example.com", "https://shop.example.com ", "https:shop.example.com"])(
    "refuses %j, which the URL parser would silently tidy",
    (url) => {
      expect(HttpUrl.safeParse(url).success).toBe(false)
    }
  )

  it("accepts a plain https URL", () => {
    expect(HttpUrl.parse("https://shop.example.com/checkout?cart=1")).toBe(
      "https://shop.example.com/checkout?cart=1"
    )
  })
})
