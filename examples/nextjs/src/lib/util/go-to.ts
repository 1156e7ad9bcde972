/*
 * Sends the browser to another site (the financing service's page): `window.location.assign(url)`. Typed
 * here because this repository type-checks the examples without the DOM library; in a Next.js app, call
 * window.location.assign directly if you prefer.
 */
export function goTo(url: string): void {
  ;(globalThis as unknown as { location: { assign(url: string): void } }).location.assign(url)
}
