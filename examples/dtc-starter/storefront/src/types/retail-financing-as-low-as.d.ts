import type { DetailedHTMLProps, HTMLAttributes } from "react"

/** The plugin's web component, for TypeScript's JSX (React 19 passes these through as attributes). */
declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "retail-financing-as-low-as": DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        amount: string
        "product-id"?: string
        "backend-url"?: string
        "publishable-key": string
        "learn-more-url"?: string
        lang?: string
      }
    }
  }
}
