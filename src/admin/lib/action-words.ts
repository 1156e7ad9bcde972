/** The words and colours of what is sent to the lender (post-sale actions) in the admin screens. */

import type { ActionKind, ActionState } from "../../domain/post-sale/action-kinds"
import { ACTION_KIND_WORDS } from "./action-kind-words"
import { type BadgeColor, codeAsWords } from "./format"

/** The kind's name; a kind this bundle does not know (a server newer than the page) is spelled out from its code. */
export function actionKindLabel(kind: string): string {
  const label = Object.hasOwn(ACTION_KIND_WORDS, kind)
    ? ACTION_KIND_WORDS[kind as ActionKind].label
    : undefined
  if (label) return label
  const words = kind.replace(/_+/g, " ").trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** Each state of something sent to the lender: a label for its badge, and what it means. */
const ACTION_STATE_TEXT: Record<ActionState, { label: string; meaning: string }> = {
  pending: { label: "Queued", meaning: "It will be sent to the lender shortly." },
  sending: { label: "Sending", meaning: "It is being sent to the lender now." },
  succeeded: { label: "Sent", meaning: "The lender received it." },
  failed: {
    label: "Failed",
    meaning: "The lender refused it or could not be reached in time. Fix the cause, then retry it.",
  },
  waiting: {
    label: "Waiting its turn",
    meaning: "The lender takes one return at a time: it is sent when the previous return is settled.",
  },
  unknown: {
    label: "Not confirmed",
    meaning:
      "The lender's answer was lost, so it may or may not have arrived. The plugin checks with the lender " +
      "before sending it again, so it is never sent twice by mistake.",
  },
  checking: {
    label: "Checking",
    meaning: "The plugin is checking with the lender whether it arrived before sending it again.",
  },
}

export function actionStateLabel(state: string): string {
  return ACTION_STATE_TEXT[state as ActionState]?.label ?? codeAsWords(state.replace(/_+/g, " "))
}

export function actionStateMeaning(state: string): string | null {
  return ACTION_STATE_TEXT[state as ActionState]?.meaning ?? null
}

const ACTION_STATE_COLORS: Record<ActionState, BadgeColor> = {
  pending: "orange",
  sending: "blue",
  succeeded: "green",
  failed: "red",
  waiting: "orange",
  unknown: "orange",
  checking: "blue",
}

export function actionStateColor(state: string): BadgeColor {
  return ACTION_STATE_COLORS[state as ActionState] ?? "grey"
}

export type Outcome = { tone: "success" | "error"; text: string }

/**
 * What to tell the merchant about an action in each state, given what it is (its kind's name) and the
 * service's error. A Record over the states, so a new state fails the typecheck here until it is worded.
 */
const OUTCOME_BY_STATE: Record<ActionState, (what: string, lastError: string | null) => Outcome> = {
  succeeded: (what) => ({ tone: "success", text: `${what} sent to the lender.` }),
  failed: (what, lastError) => ({
    tone: "error",
    text: lastError ? `${what} not sent: ${lastError}` : `${what} not sent.`,
  }),
  unknown: (what) => lostAnswer(what),
  checking: (what) => lostAnswer(what),
  waiting: (what) => ({
    tone: "success",
    text: `${what} recorded. It is sent once the previous return is settled.`,
  }),
  pending: (what) => queued(what),
  sending: (what) => queued(what),
}

function lostAnswer(what: string): Outcome {
  return {
    tone: "error",
    text: `${what}: the lender's answer was lost. The plugin checks whether it arrived before sending it again.`,
  }
}

function queued(what: string): Outcome {
  return { tone: "success", text: `${what} recorded. It will be sent shortly.` }
}

/**
 * What to tell the merchant after asking for an action. The API answers 200 for a recorded action even
 * when the service then refused it, so the action's own state decides the tone, not the HTTP status. A
 * state this bundle does not know reads as queued.
 */
export function actionOutcome(action: { kind: string; state: string; last_error: string | null }): Outcome {
  const what = actionKindLabel(action.kind)
  const outcome = Object.hasOwn(OUTCOME_BY_STATE, action.state)
    ? OUTCOME_BY_STATE[action.state as ActionState]
    : queued
  return outcome(what, action.last_error)
}
