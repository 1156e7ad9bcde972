import { Text } from "@medusajs/ui"

type ListErrorProps = { what: string; message: string }

/** One list failing to load (the service answers each separately) should not hide the rest of the page. */
export const ListError = ({ what, message }: ListErrorProps) => (
  <Text size="small" className="text-ui-fg-error px-6 pb-4">
    Could not load {what}: {message}
  </Text>
)
