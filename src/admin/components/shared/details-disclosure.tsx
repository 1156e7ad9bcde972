import { TriangleDownMini, TriangleRightMini } from "@medusajs/icons"
import { Copy, Text } from "@medusajs/ui"
import { useState } from "react"

export type DetailEntry = { label: string; value: string | number | null | undefined }

type DetailsDisclosureProps = {
  entries: DetailEntry[]
  /** What the toggle says; "Details" unless told. */
  title?: string
  testId?: string
  className?: string
}

/**
 * The internal keys and ids behind what the widget says in words (cause keys, ids, raw statuses, the
 * service's raw answers), closed by default: for support and for the financing partner, not for everyday
 * reading.
 */
export const DetailsDisclosure = ({
  entries,
  title = "Details",
  testId,
  className,
}: DetailsDisclosureProps) => {
  const [open, setOpen] = useState(false)
  const shown = entries.filter(
    (entry) => entry.value !== null && entry.value !== undefined && entry.value !== ""
  )
  if (shown.length === 0) return null

  return (
    <div className={className} data-testid={testId}>
      <button
        type="button"
        className="text-ui-fg-muted hover:text-ui-fg-subtle txt-compact-xsmall-plus flex items-center gap-x-1"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <TriangleDownMini /> : <TriangleRightMini />}
        {title}
      </button>
      {open && (
        <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
          {shown.map((entry) => (
            <div key={entry.label} className="contents">
              <dt>
                <Text size="xsmall" className="text-ui-fg-muted">
                  {entry.label}
                </Text>
              </dt>
              <dd className="flex min-w-0 items-start gap-x-1">
                <Text size="xsmall" className="text-ui-fg-subtle break-all font-mono">
                  {String(entry.value)}
                </Text>
                <Copy content={String(entry.value)} variant="mini" className="text-ui-fg-muted shrink-0" />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  )
}
