import { Button, Container, Heading, Text } from "@medusajs/ui"

type LoadErrorProps = { message: string; onRetry: () => void; isRetrying: boolean }

export const LoadError = ({ message, onRetry, isRetrying }: LoadErrorProps) => (
  <Container className="flex flex-col gap-y-2 px-6 py-4" data-testid="rf-load-error">
    <Heading level="h2">Retail financing</Heading>
    <Text size="small" className="text-ui-fg-error">
      Could not load the financing of this order: {message}
    </Text>
    <div>
      <Button size="small" variant="secondary" onClick={onRetry} isLoading={isRetrying}>
        Try again
      </Button>
    </div>
  </Container>
)
