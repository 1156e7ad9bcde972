import { readSettings } from "../demo/lib/settings"

describe("the demo's DEMO_STOREFRONT_ORIGINS", () => {
  it("is empty by default", () => {
    expect(readSettings({}).storefrontOrigins).toEqual([])
  })

  it("reads comma-separated origins, trailing slash allowed", () => {
    expect(
      readSettings({ DEMO_STOREFRONT_ORIGINS: "http://localhost:8000/, https://shop.example.com:8443" })
        .storefrontOrigins
    ).toEqual(["http://localhost:8000", "https://shop.example.com:8443"])
  })

  it.each(["localhost:8000", "http://localhost:8000/checkout", "ftp://example.com"])(
    "refuses %s, naming the variable and the value",
    (value) => {
      expect(() => readSettings({ DEMO_STOREFRONT_ORIGINS: value })).toThrow(
        new RegExp(`DEMO_STOREFRONT_ORIGINS must be origins .*"${value.replace(/[/.]/g, "\\$&")}" is not one`)
      )
    }
  )
})
