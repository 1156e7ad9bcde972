import { Badge, Button, Heading, Table, Text, toast, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import {
  errorMessage,
  postJson,
  routes,
  type ApplicationResponse,
  type ExceptionsResponse,
  type ListedApplication,
} from "../../lib/api"
import { actionStateLabel, applicationStatusLabel, formatDateTime, formatMoney } from "../../lib/format"
import { useAdminJson } from "../../lib/use-admin-json"
import { ListError } from "./list-error"

/**
 * Signed contracts that have no order, each with what happened and what to do, and the two ways out:
 * void the contract at the service (a whole-contract return) or mark it resolved (settled outside the store).
 */
export const ExceptionsSection = () => {
  const { data, error, refresh } = useAdminJson<ExceptionsResponse>(routes.exceptions())
  return (
    <div data-testid="rf-exceptions">
      <div className="px-6 py-4">
        <Heading level="h2">Contracts without an order</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          A customer signed a financing contract, but it could not become an order. Each needs you once.
        </Text>
      </div>
      {error && <ListError what="the exceptions" message={error.message} />}
      {data && data.count === 0 && (
        <Text size="small" className="text-ui-fg-subtle px-6 pb-4" data-testid="rf-exceptions-none">
          None: every signed contract has its order.
        </Text>
      )}
      {data && data.count > 0 && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Application</Table.HeaderCell>
              <Table.HeaderCell>What happened</Table.HeaderCell>
              <Table.HeaderCell>Amount</Table.HeaderCell>
              <Table.HeaderCell>Since</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.exceptions.map((application) => (
              <ExceptionRow key={application.id} application={application} onChanged={refresh} />
            ))}
          </Table.Body>
        </Table>
      )}
    </div>
  )
}

const ExceptionRow = ({
  application,
  onChanged,
}: {
  application: ListedApplication
  onChanged: () => void
}) => {
  const prompt = usePrompt()
  const [busy, setBusy] = useState(false)
  const exception = application.exception
  if (!exception) return null
  const voidAction = application.actions.find((action) => action.cause === `void:${application.id}`)

  const act = async (what: "void" | "resolve") => {
    const confirmed = await prompt({
      title:
        what === "void" ? "Void this contract at the financing service?" : "Mark this exception resolved?",
      description:
        what === "void"
          ? "The plugin asks the service to return the whole contract, so the customer owes nothing on it."
          : "Do this once you have settled the contract with the customer or the financing service yourself.",
      confirmText: what === "void" ? "Void contract" : "Mark resolved",
      cancelText: "Cancel",
    })
    if (!confirmed) return
    setBusy(true)
    try {
      const path =
        what === "void" ? routes.voidContract(application.id) : routes.resolveException(application.id)
      await postJson<ApplicationResponse>(path, {})
      toast.success(what === "void" ? "The contract's return was requested." : "Marked resolved.")
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setBusy(false)
      onChanged()
    }
  }

  return (
    <Table.Row data-testid="rf-exception-row">
      <Table.Cell>
        <div className="flex flex-col">
          <span className="font-mono">{application.public_id ?? application.id}</span>
          <Badge size="2xsmall">{applicationStatusLabel(application.status, application.stage)}</Badge>
        </div>
      </Table.Cell>
      <Table.Cell className="whitespace-normal">
        <Text size="small">{exception.description}</Text>
        {exception.what_to_do && (
          <Text size="small" className="text-ui-fg-subtle">
            {exception.what_to_do}
          </Text>
        )}
        {application.completion?.error && (
          <Text size="small" className="text-ui-fg-subtle">
            Medusa said: {application.completion.error}
          </Text>
        )}
        {voidAction && (
          <Text size="small" className="text-ui-fg-subtle">
            Void: {actionStateLabel(voidAction.state)}
            {voidAction.last_error ? ` (${voidAction.last_error})` : ""}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>{formatMoney(application.invoice_amount ?? application.amount)}</Table.Cell>
      <Table.Cell>{formatDateTime(exception.opened_at)}</Table.Cell>
      <Table.Cell>
        <div className="flex gap-x-2">
          <Button size="small" variant="secondary" isLoading={busy} onClick={() => void act("void")}>
            Void at the service
          </Button>
          <Button size="small" variant="transparent" isLoading={busy} onClick={() => void act("resolve")}>
            Mark resolved
          </Button>
        </div>
      </Table.Cell>
    </Table.Row>
  )
}
