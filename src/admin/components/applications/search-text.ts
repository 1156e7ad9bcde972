/**
 * What the merchant typed in the applications page's search box: a phone number (asked of the service,
 * endpoint 5, since the store keeps no phone), or anything else, looked up in the store's own list (a public
 * id, an order number such as 1042 or #1042, a ledger, cart or order id). Pure, so it is unit-tested.
 */
export type SearchIntent =
  | { kind: "none" }
  /** Written as the service wants it: 999-999-9999. */
  | { kind: "phone"; phone: string }
  | { kind: "text"; q: string }

/** Phone punctuation a person types: spaces, dashes, dots, parentheses, and a leading +1. */
const PHONE_TEXT = /^\+?[\d\s().-]+$/

export function searchIntent(input: string): SearchIntent {
  const text = input.trim()
  if (!text) return { kind: "none" }
  if (PHONE_TEXT.test(text)) {
    let digits = text.replace(/\D/g, "")
    if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1)
    // Ten digits with punctuation or a +1 is a phone; ten bare digits too (no store has ten-digit order numbers
    // that a merchant types from memory; the list search still finds an order number up to nine digits).
    if (digits.length === 10) {
      return { kind: "phone", phone: `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` }
    }
  }
  return { kind: "text", q: text }
}
