import { formatUsd } from "../../lib/financing/money"

/** The languages the shopper's texts are written in. English is the fallback for every other locale. */
export const SHOPPER_LANGUAGES = ["en", "es"] as const
export type ShopperLanguage = (typeof SHOPPER_LANGUAGES)[number]

/**
 * The language of Medusa's request locale (`req.locale`: the `?locale=` query, else the `x-medusa-locale`
 * header the js-sdk sends): Spanish for `es` and any regional Spanish (`es-US`, `es-MX`), English for
 * anything else, and when the request names none.
 */
export function shopperLanguage(locale: string | null | undefined): ShopperLanguage {
  const primary = (locale ?? "").trim().split(/[-_]/)[0]?.toLowerCase()
  return primary === "es" ? "es" : "en"
}

/** US Spanish formats dollars as US English does ("$1,319.56"); only the words differ. */
const SPANISH_MONEY = new Intl.NumberFormat("es-US", { style: "currency", currency: "USD" })

/** Whole cents as the shopper's language writes dollars. English keeps the plugin's one formatter. */
export function formatMoney(language: ShopperLanguage, cents: number): string {
  return language === "es" ? SPANISH_MONEY.format(cents / 100) : formatUsd(cents)
}

/** A date (a day, in UTC, as the service reports days) as the shopper's language writes it. */
export function formatDay(language: ShopperLanguage, day: Date | string): string {
  return new Intl.DateTimeFormat(language === "es" ? "es-US" : "en-US", {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(new Date(day))
}

/** "A", "A and B", "A, B and C" (English, as the plugin always wrote it); "A, B y C" in Spanish. */
export function listInWords(language: ShopperLanguage, words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? ""
  const and = language === "es" ? "y" : "and"
  return `${words.slice(0, -1).join(", ")} ${and} ${words[words.length - 1]}`
}
