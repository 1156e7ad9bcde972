import {
  FINANCING_WORDS,
  financingLanguage,
} from "../examples/dtc-starter/storefront/src/lib/financing-words"
import { shopperLanguage } from "../src/domain/shopper-text"

/*
 * The DTC example's own words (its pages' headings, links and buttons) beside the plugin's sentences: the
 * same two languages, chosen by the same rule, so a page never mixes an English heading with a Spanish
 * sentence from the backend.
 */
describe("the DTC example's words", () => {
  it("chooses the language as the plugin does", () => {
    for (const locale of [
      "es",
      "es-US",
      "es-MX",
      "ES-mx",
      "es_419",
      "en",
      "en-US",
      "fr",
      "",
      null,
      "espanol",
    ]) {
      expect([locale, financingLanguage(locale)]).toEqual([locale, shopperLanguage(locale)])
    }
  })

  it("has every word in both languages, and none left in English", () => {
    const { en, es } = FINANCING_WORDS
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort())
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect([key, es[key].trim().length > 0]).toEqual([key, true])
      expect([key, es[key]]).not.toEqual([key, en[key]])
    }
  })
})
