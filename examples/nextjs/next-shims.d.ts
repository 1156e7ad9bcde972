/*
 * NOT TO COPY. This repository type-checks the examples (`npm run typecheck`) without installing Next.js,
 * so the few Next.js functions they call are declared here, with the signatures Next.js 15 gives them.
 * In a Next.js app these modules are Next's own; leave this file out.
 */

declare module "next/navigation" {
  /** Ends the render or server action and sends the browser to `url`. */
  export function redirect(url: string): never
}

declare module "next/headers" {
  interface RequestCookie {
    name: string
    value: string
  }
  interface ResponseCookies {
    get(name: string): RequestCookie | undefined
    set(
      name: string,
      value: string,
      options?: {
        maxAge?: number
        httpOnly?: boolean
        sameSite?: "strict" | "lax" | "none"
        secure?: boolean
      }
    ): void
  }
  export function cookies(): Promise<ResponseCookies>
}

declare module "next/cache" {
  export function revalidateTag(tag: string): void
}
