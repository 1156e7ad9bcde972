import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"

type DetailRowProps = {
  label: string
  children: ReactNode
  /** One line on what the value means, under the label. */
  hint?: string
  testId?: string
}

/** One label and value line, laid out like the rows of Medusa's own order sections. */
export const DetailRow = ({ label, children, hint, testId }: DetailRowProps) => (
  <div className="text-ui-fg-subtle grid grid-cols-2 items-start gap-x-4 px-6 py-3">
    <div className="flex min-w-0 flex-col gap-y-0.5">
      <Text size="small" leading="compact" weight="plus">
        {label}
      </Text>
      {hint && (
        <Text size="xsmall" className="text-ui-fg-muted">
          {hint}
        </Text>
      )}
    </div>
    <div className="txt-compact-small text-ui-fg-base min-w-0 break-words" data-testid={testId}>
      {children}
    </div>
  </div>
)
