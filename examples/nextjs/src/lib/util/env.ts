/* The Next.js starter's src/lib/util/env.ts: the storefront's own address. In the starter, "@lib/util/env". */
export const getBaseURL = () => {
  return process.env.NEXT_PUBLIC_BASE_URL || "https://localhost:8000"
}
