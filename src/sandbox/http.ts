import type { IncomingMessage, ServerResponse } from "node:http"
import type { ValidationIssue } from "../lib/financing/errors"

export const JSON_BODY_LIMIT = 1024 * 1024

/** The one error shape of the sandbox (the spec shows none); see docs/sandbox.md. */
export interface ErrorBody {
  status: number
  code: string
  message: string
  /** Field path → the rules it broke. */
  errors?: Record<string, string[]>
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: readonly ValidationIssue[] = []
  ) {
    super(message)
  }

  body(): ErrorBody {
    const body: ErrorBody = { status: this.status, code: this.code, message: this.message }
    if (this.issues.length > 0) {
      body.errors = {}
      for (const issue of this.issues) (body.errors[issue.path || "(body)"] ??= []).push(issue.message)
    }
    return body
  }
}

export const validationFailed = (subject: string, issues: readonly ValidationIssue[]) =>
  new HttpError(
    400,
    "validation_failed",
    `${subject} is invalid: ${issues.map((issue) => `${issue.path || "(body)"} ${issue.message}`).join("; ")}`,
    issues
  )

export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers["content-length"])
  if (Number.isFinite(declared) && declared > limit) {
    request.resume()
    throw new HttpError(413, "payload_too_large", `the body must be at most ${limit} bytes`)
  }
  const chunks: Buffer[] = []
  let size = 0
  // Past the limit the rest is still read (and dropped): stopping mid-stream would leave the connection
  // with half a request on it, and the next request on it would never be answered.
  for await (const chunk of request) {
    size += (chunk as Buffer).byteLength
    if (size <= limit) chunks.push(chunk as Buffer)
  }
  if (size > limit) throw new HttpError(413, "payload_too_large", `the body must be at most ${limit} bytes`)
  return Buffer.concat(chunks)
}

/** The media type of a request, without parameters, lower-cased. */
export function mediaType(request: IncomingMessage): string {
  return (request.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase()
}

export function requireMediaType(request: IncomingMessage, expected: string): void {
  if (mediaType(request) !== expected) {
    throw new HttpError(415, "unsupported_media_type", `Content-Type must be ${expected}`)
  }
}

export async function readJson(request: IncomingMessage): Promise<unknown> {
  requireMediaType(request, "application/json")
  const text = (await readBody(request, JSON_BODY_LIMIT)).toString("utf8")
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new HttpError(400, "malformed_json", "the body is not valid JSON")
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  response.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  })
  response.end(text)
}

export function sendNoContent(response: ServerResponse): void {
  response.writeHead(204)
  response.end()
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(html),
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action *",
    // Every page shows the state now: Back to an application page must not show buttons it no longer has.
    "Cache-Control": "no-store",
  })
  response.end(html)
}

export function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { Location: location, "Content-Length": 0 })
  response.end()
}

export function sendError(response: ServerResponse, error: HttpError): void {
  sendJson(response, error.status, error.body())
}

/** A path segment from the URL; a malformed escape is the caller's mistake, not the server's. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new HttpError(400, "validation_failed", "the path holds a malformed percent-escape")
  }
}
