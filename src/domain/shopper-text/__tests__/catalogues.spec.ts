import { EN, type ShopperTextKey } from "../en"
import { SHOPPER_CATALOGUES, SHOPPER_LANGUAGES, formatDay, formatMoney, shopperLanguage } from "../index"

/** The values each sentence that names any is given here; every one must appear in every language's sentence. */
const SAMPLE_VALUES: Partial<Record<ShopperTextKey, Record<string, unknown>>> = {
  total_below_minimum: { min: 10_000, max: 500_000 },
  total_above_maximum: { min: 10_000, max: 500_000 },
  state_not_financed: { state: "VT" },
  first_name_too_long: { max: 25 },
  last_name_too_long: { max: 26 },
  email_too_long: { max: 100 },
  street_too_long: { max: 40 },
  suite_too_long: { max: 5 },
  city_too_long: { max: 27 },
  items_not_leasable: { titles: ["Protection plan", "Gift card"], count: 2 },
  financing_in_store_payment: { cents: 10_000 },
}

/** What a sample value looks like written in a sentence (amounts as dollars in either language). */
const WRITTEN: Record<string, string[]> = {
  min: ["$100.00"],
  max: ["$5,000.00"],
  state: ["VT"],
  titles: ["Protection plan", "Gift card"],
  cents: ["$100.00"],
}

const render = (language: "en" | "es", key: ShopperTextKey) =>
  (SHOPPER_CATALOGUES[language][key] as (values?: Record<string, unknown>) => string)(SAMPLE_VALUES[key])

describe("the shopper's catalogues", () => {
  const keysOf = (language: "en" | "es") => Object.keys(SHOPPER_CATALOGUES[language]).sort()

  it.each(SHOPPER_LANGUAGES)("%s has every sentence English has, and no other", (language) => {
    // A message added to one catalogue and not the other fails here (and, for Spanish, does not compile).
    expect(keysOf(language)).toEqual(Object.keys(EN).sort())
  })

  it("says every sentence in Spanish, not English left in place", () => {
    const untranslated = (Object.keys(EN) as ShopperTextKey[]).filter(
      (key) => render("es", key) === render("en", key)
    )
    expect(untranslated).toEqual([])
  })

  it.each(Object.keys(EN) as ShopperTextKey[])("%s names the same values in every language", (key) => {
    for (const language of SHOPPER_LANGUAGES) {
      const sentence = render(language, key)
      expect(sentence.trim()).not.toBe("")
      expect(sentence).not.toMatch(/undefined|NaN|\[object/)
      for (const [name, value] of Object.entries(SAMPLE_VALUES[key] ?? {})) {
        if (name === "count") continue
        const written =
          name === "max" && typeof value === "number" && value < 1000 ? [String(value)] : WRITTEN[name]
        for (const text of written) expect(sentence).toContain(text)
      }
    }
  })

  it("keeps the English sentences the storefronts already show", () => {
    expect(render("en", "total_above_maximum")).toBe(
      "Pay over time is available for orders from $100.00 to $5,000.00."
    )
    expect(render("en", "items_not_leasable")).toBe(
      "Pay over time can't be used for Protection plan and Gift card. Remove them to pay over time, or choose another way to pay."
    )
  })
})

describe("shopperLanguage", () => {
  it.each(["es", "es-US", "es-MX", "ES-mx", "es_419"])("%s is Spanish", (locale) => {
    expect(shopperLanguage(locale)).toBe("es")
  })

  it.each(["en", "en-US", "fr-FR", "pt-BR", "", "  ", undefined, null, "espanol"])(
    "%s is English",
    (locale) => {
      expect(shopperLanguage(locale)).toBe("en")
    }
  )
})

describe("money and days for the language", () => {
  it("writes dollars as US readers of either language do", () => {
    expect(formatMoney("en", 131_956)).toBe("$1,319.56")
    expect(formatMoney("es", 131_956)).toBe("$1,319.56")
    expect(formatMoney("es", 5)).toBe("$0.05")
  })

  it("writes a day in the language's words", () => {
    expect(formatDay("en", "2026-11-28")).toBe("November 28, 2026")
    expect(formatDay("es", "2026-11-28")).toBe("28 de noviembre de 2026")
  })
})
