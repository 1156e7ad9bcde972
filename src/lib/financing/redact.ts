const REDACTED = "[redacted]"

/** Removes every occurrence of each secret from a text that may end up in an error or a log. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets
    .filter((secret) => secret.length >= 4)
    .reduce((redacted, secret) => redacted.split(secret).join(REDACTED), text)
}

const MESSAGE_KEYS = ["message", "messages", "error", "errors", "title", "detail", "status", "description"]
const MAX_MESSAGES = 10
const MAX_MESSAGE_LENGTH = 500

/**
 * The spec shows no error body, so whatever the service says is gathered from the usual places: a plain
 * text, or string fields named like messages, at any depth (ASP.NET's `errors: { field: [..] }` included).
 */
export function serviceMessages(body: unknown, secrets: readonly string[]): string[] {
  const found: string[] = []
  // `fieldMap` marks an object whose keys are field names (`errors: { email: ["..."] }`): they label the text.
  const visit = (value: unknown, label: string | undefined, depth: number, fieldMap: boolean): void => {
    if (found.length >= MAX_MESSAGES || depth > 4) return
    if (typeof value === "string") {
      const text = value.trim()
      if (text) found.push(label ? `${label}: ${text}` : text)
    } else if (Array.isArray(value)) {
      value.forEach((item) => visit(item, label, depth + 1, false))
    } else if (value && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        if (fieldMap) visit(child, key, depth + 1, false)
        else if (MESSAGE_KEYS.includes(key)) visit(child, label, depth + 1, key === "errors")
      }
    }
  }
  visit(parseIfJson(body), undefined, 0, false)
  return found.map((message) => redact(message, secrets).slice(0, MAX_MESSAGE_LENGTH))
}

function parseIfJson(body: unknown): unknown {
  if (typeof body !== "string") return body
  try {
    return JSON.parse(body)
  } catch {
    // An HTML error page says nothing useful in a message; a short plain text does.
    return /<\s*html/i.test(body) ? undefined : body
  }
}
