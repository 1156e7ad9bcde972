"use client"

import {
  type FinancingLanguage,
  type FinancingWords,
  FINANCING_WORDS,
  financingLanguage,
} from "@lib/financing-words"
import { useSyncExternalStore } from "react"

/** The starter's language choice (lib/data/locale-actions.ts), which it also sends the backend. */
const LOCALE_COOKIE = "_medusa_locale"

const localeCookie = (): string | null => {
  const pair = document.cookie.split("; ").find((candidate) => candidate.startsWith(`${LOCALE_COOKIE}=`))
  return pair ? decodeURIComponent(pair.slice(LOCALE_COOKIE.length + 1)) : null
}

const unchanging = () => () => {}

/**
 * The starter's language for client components whose server parent does not pass the locale down. The
 * server render has no cookie to read: it renders English, and the browser switches to the shopper's
 * language right after hydration (React re-renders with the browser's value; no mismatch is reported).
 */
export function useFinancingLanguage(): FinancingLanguage {
  return financingLanguage(useSyncExternalStore(unchanging, localeCookie, () => null))
}

/** The Pay over time words in the starter's language. */
export function useFinancingWords(): FinancingWords {
  return FINANCING_WORDS[useFinancingLanguage()]
}
