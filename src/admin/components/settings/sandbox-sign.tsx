import { Alert } from "@medusajs/ui"

/** Said in words, not only colour: a store taking orders against the sandbox gets no money. */
export const SandboxSign = () => (
  <div className="px-6 py-4">
    <Alert variant="warning" data-testid="rf-sandbox-sign">
      Connected to the sandbox: no real applications
    </Alert>
  </div>
)
