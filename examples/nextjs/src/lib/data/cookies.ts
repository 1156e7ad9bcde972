/*
 * Three helpers of the Next.js starter's src/lib/data/cookies.ts, as it writes them, for the examples to
 * call. In the starter, import them from "@lib/data/cookies" instead of this file.
 */
import { cookies as nextCookies } from "next/headers"

export const getAuthHeaders = async (): Promise<{ authorization: string } | Record<string, never>> => {
  try {
    const cookies = await nextCookies()
    const token = cookies.get("_medusa_jwt")?.value
    return token ? { authorization: `Bearer ${token}` } : {}
  } catch {
    return {}
  }
}

export const getCacheTag = async (tag: string): Promise<string> => {
  try {
    const cookies = await nextCookies()
    const cacheId = cookies.get("_medusa_cache_id")?.value
    return cacheId ? `${tag}-${cacheId}` : ""
  } catch {
    return ""
  }
}

export const removeCartId = async () => {
  const cookies = await nextCookies()
  cookies.set("_medusa_cart_id", "", { maxAge: -1 })
}
