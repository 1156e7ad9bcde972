/*
 * The words of the Pay over time pages and components themselves, in English and Spanish. The plugin's own
 * sentences (reasons, the cart's answer) already come in the shopper's language from the backend, which
 * reads the x-medusa-locale header the starter sends; these follow the same locale, by the same rule.
 */

export type FinancingLanguage = "en" | "es"

/** The plugin's rule: Spanish for `es` and any regional Spanish (`es-US`, `es-MX`), English otherwise. */
export function financingLanguage(locale: string | null | undefined): FinancingLanguage {
  const primary = (locale ?? "").trim().split(/[-_]/)[0]?.toLowerCase()
  return primary === "es" ? "es" : "en"
}

const en = {
  pageTitle: "Pay over time",
  headingOrderPlaced: "Your order is placed",
  headingCompleting: "Completing your order…",
  headingNotPlaced: "Your order was not placed",
  headingAlreadyPlaced: "Your order is already placed",
  /** Followed by the order's number. */
  seeOrder: "See order #",
  backToPayment: "Back to payment",
  cannotCheck: "We could not check your financing just now. Please reload this page in a moment.",
  continueToFinancing: "Continue to Pay over time",
  couldNotStart: "Pay over time could not be started. Please try again.",
  notAvailable: "Pay over time is not available for this order:",
}

export type FinancingWords = typeof en

/** Every English entry, and nothing else: TypeScript refuses a word missing here or one English lacks. */
const es: Record<keyof FinancingWords, string> = {
  pageTitle: "Pagar a plazos",
  headingOrderPlaced: "Tu pedido está hecho",
  headingCompleting: "Completando tu pedido…",
  headingNotPlaced: "Tu pedido no se hizo",
  headingAlreadyPlaced: "Tu pedido ya está hecho",
  seeOrder: "Ver pedido n.º ",
  backToPayment: "Volver al pago",
  cannotCheck:
    "No pudimos revisar tu financiamiento en este momento. Vuelve a cargar esta página en un momento.",
  continueToFinancing: "Continuar con Pagar a plazos",
  couldNotStart: "No se pudo iniciar Pagar a plazos. Inténtalo de nuevo.",
  notAvailable: "Pagar a plazos no está disponible para este pedido:",
}

export const FINANCING_WORDS: Record<FinancingLanguage, FinancingWords> = { en, es }

export function financingWords(locale: string | null | undefined): FinancingWords {
  return FINANCING_WORDS[financingLanguage(locale)]
}
