import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"

type DetailRowProps = {
  label: string
  children: ReactNode
  testId?: string
}

/** One label and value line, laid out like the rows of Medusa's own order sections. */
export const DetailRow = ({ label, children, testId }: DetailRowProps) => (
  <div className="text-ui-fg-subtle grid grid-cols-2 items-center gap-x-4 px-6 py-3">
    <Text size="small" leading="compact" weight="plus">
      {label}
    </Text>
    <div className="txt-compact-small text-ui-fg-base min-w-0 break-words" data-testid={testId}>
      {children}
    </div>
  </div>
)
