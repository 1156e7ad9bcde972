import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { elementScript } from "./element-script"

/**
 * The <retail-financing-as-low-as> web component. Outside /store so that a plain
 * <script type="module" src="..."> loads it: a browser sends no publishable key with a script.
 */
export async function GET(_req: MedusaRequest, res: MedusaResponse) {
  const script = await elementScript()
  res.setHeader("Content-Type", "text/javascript; charset=utf-8")
  // No version in the URL, so an hour; the ETag makes each revalidation after that a 304.
  res.setHeader("Cache-Control", "public, max-age=3600")
  res.setHeader("ETag", script.etag)
  // A module script from another origin is fetched with CORS: the storefront's origin needs this to run it.
  res.setHeader("Access-Control-Allow-Origin", "*")
  res.setHeader("Cross-Origin-Resource-Policy", "cross-origin")
  res.setHeader("X-Content-Type-Options", "nosniff")
  // Express answers 304 itself when If-None-Match carries this ETag.
  res.send(script.body)
}
