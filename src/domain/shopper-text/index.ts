import { EN, type ShopperCatalogue, type ShopperTextKey } from "./en"
import { ES } from "./es"
import type { ShopperLanguage } from "./language"

export { type AmountRange, type ShopperCatalogue, type ShopperTextKey } from "./en"
export { SHOPPER_LANGUAGES, type ShopperLanguage, formatDay, formatMoney, shopperLanguage } from "./language"

/** One catalogue per language; English is the source the others are checked against. */
export const SHOPPER_CATALOGUES: Readonly<Record<ShopperLanguage, ShopperCatalogue>> = { en: EN, es: ES }

/** The values a key's sentence takes, or none. */
export type ShopperTextParams<Key extends ShopperTextKey> = Parameters<ShopperCatalogue[Key]>

/** A sentence for the shopper in their language, by its key and the values it names. */
export function shopperText<Key extends ShopperTextKey>(
  language: ShopperLanguage,
  key: Key,
  ...params: ShopperTextParams<Key>
): string {
  const sentence = SHOPPER_CATALOGUES[language][key] as (...values: ShopperTextParams<Key>) => string
  return sentence(...params)
}
