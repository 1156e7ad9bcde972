import type { IncomingMessage } from "node:http"
import type { HttpError } from "../http"

/*
 * The sandbox's pages for people (the hosted application page, the applications list, errors met in a
 * browser): one layout, text always escaped.
 */

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!
  )

export const dollars = (amount: number) =>
  amount.toLocaleString("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 })

/**
 * Whether a request is a person's browser asking for a page: browsers put text/html in the Accept header
 * of a navigation; API clients (the plugin's client, fetch, axios, curl) do not. Such a request is
 * answered with a page, never with JSON.
 */
export function wantsHtml(request: IncomingMessage): boolean {
  return (request.headers.accept ?? "").toLowerCase().includes("text/html")
}

export function page(title: string, body: string, { wide = false }: { wide?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1c1f24; }
  main { max-width: ${wide ? "72rem" : "40rem"}; margin: 2rem auto; background: #fff; border-radius: 12px;
         padding: 2rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  .badge { display: inline-block; background: #fff4d6; color: #7a5900; border-radius: 999px; padding: .2rem .7rem;
           font-size: .8rem; font-weight: 600; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  th, td { text-align: left; padding: .5rem .25rem; border-bottom: 1px solid #e6e8eb; vertical-align: top; }
  td.amount, th.amount { text-align: right; font-variant-numeric: tabular-nums; }
  tfoot td { font-weight: 700; border-bottom: none; }
  .actions { display: flex; gap: .75rem; flex-wrap: wrap; margin-top: 1.5rem; }
  button, .button { font: inherit; border-radius: 8px; padding: .7rem 1.2rem; cursor: pointer;
                    border: 1px solid #c9cdd2; background: #fff; color: inherit; text-decoration: none;
                    display: inline-block; }
  button.primary, .button.primary { background: #1f6feb; border-color: #1f6feb; color: #fff; font-weight: 600; }
  button.small { padding: .3rem .7rem; font-size: .85rem; }
  .muted { color: #5c6470; font-size: .9rem; }
  .status { font-weight: 600; }
  form.inline { display: inline; }
  .nowrap { white-space: nowrap; }
</style>
</head>
<body><main>${body}</main></body>
</html>`
}

const ERROR_TITLES: Record<number, string> = {
  404: "Nothing here",
  405: "This page cannot do that",
  409: "This cannot be done now",
  413: "Too much was sent",
}

/** An error of the sandbox as a page, for a person who reached it in a browser. */
export function errorPage(error: HttpError): string {
  const title = ERROR_TITLES[error.status] ?? "The sandbox could not do that"
  const sentence = error.message.charAt(0).toUpperCase() + error.message.slice(1)
  return page(
    title,
    `<span class="badge">Sandbox</span><h1>${escapeHtml(title)}</h1><p>${escapeHtml(sentence)}.</p>
<p><a href="/sandbox/applications">See the sandbox's applications</a></p>`
  )
}
