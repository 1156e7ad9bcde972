import {
  Button,
  Container,
  DataTable,
  type DataTablePaginationState,
  Heading,
  Text,
  toast,
  useDataTable,
  usePrompt,
} from "@medusajs/ui"
import { useMemo, useState } from "react"
import { Link, useNavigate, useSearchParams } from "react-router-dom"

import type { ApplicationListItem, ApplicationsListQuery } from "../../../domain/admin-api/types"
import {
  useFinancingApplications,
  usePhoneStatus,
  useResolveFinancingException,
  useRetryFinancingAction,
  useVoidFinancingContract,
} from "../../hooks/applications"
import { adminErrorMessage } from "../../hooks/error-message"
import { useFinancingSettings } from "../../hooks/settings"
import { actionOutcome } from "../../lib/action-words"
import {
  ANY,
  type AttentionFilter,
  AttentionFilterSelect,
  StatusFilter,
  StoreFilter,
} from "./application-filters"
import { type RowActionHandlers, applicationColumns } from "./application-columns"
import { ApplicationDrawer } from "./application-drawer"
import { PhoneResult } from "./phone-result"
import { searchIntent } from "./search-text"

const PAGE_SIZE = 20

/**
 * Every financing application of the store, newest first: status, order, customer, amounts, last action and
 * whether the merchant is needed, with filters, a search (public id, order number, or a phone number asked of
 * the service), paging, and the same actions as the order widget (retry, void, mark resolved). A store with
 * several store codes also gets each application's store code and a filter by it.
 */
export const ApplicationsList = () => {
  const [search, setSearch] = useState("")
  const [status, setStatus] = useState<string>(ANY)
  // The settings page links here with ?needs_attention=true, and to one store code's with ?store_code=.
  const [params] = useSearchParams()
  const [attention, setAttention] = useState<AttentionFilter>(
    params.get("needs_attention") === "true" ? "true" : "any"
  )
  const [storeCode, setStoreCode] = useState<string>(params.get("store_code") || ANY)
  // The store codes are the settings' locations; a store with one sees the page as it was before them.
  const settings = useFinancingSettings()
  const storeCodes = settings.data?.locations.map((location) => location.store_code) ?? []
  const severalStores = storeCodes.length > 1
  const [pagination, setPagination] = useState<DataTablePaginationState>({
    pageIndex: 0,
    pageSize: PAGE_SIZE,
  })
  const intent = searchIntent(search)

  // A phone number lists every application whose cart or order has it (the server compares digits); the
  // service's own look-up (its newest application for that phone) is shown above as an extra line.
  const phone = usePhoneStatus(intent.kind === "phone" ? intent.phone : null)
  const q = intent.kind === "text" ? intent.q : intent.kind === "phone" ? intent.phone : undefined
  const [openId, setOpenId] = useState<string | null>(null)

  const query: ApplicationsListQuery = {
    status: status === ANY ? undefined : status,
    needs_attention: attention === "any" ? undefined : attention,
    store_code: storeCode === ANY ? undefined : storeCode,
    q,
    limit: pagination.pageSize,
    offset: pagination.pageIndex * pagination.pageSize,
  }
  const list = useFinancingApplications(query)
  const rows = list.data?.applications ?? []
  // The drawer follows the row as the list refreshes (after an action, say).
  const opened = rows.find((row) => row.id === openId) ?? null

  const handlers = useRowActionHandlers()
  const columns = useMemo(
    () => applicationColumns(handlers, { showStore: severalStores }),
    [handlers, severalStores]
  )

  const firstPage = () => setPagination((current) => ({ ...current, pageIndex: 0 }))

  const table = useDataTable({
    data: rows,
    columns,
    getRowId: (row) => row.id,
    rowCount: list.data?.count ?? 0,
    isLoading: list.isLoading,
    onRowClick: (_event, row) => setOpenId(row.id),
    search: { state: search, onSearchChange: setSearch, debounce: 400 },
    pagination: { state: pagination, onPaginationChange: setPagination },
  })

  return (
    <Container className="divide-y p-0" data-testid="rf-applications">
      <DataTable instance={table}>
        <DataTable.Toolbar className="flex flex-col items-start justify-between gap-3 px-6 py-4 lg:flex-row lg:items-center">
          <div className="flex flex-col">
            <Heading level="h1">Retail financing</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              Every financing application of this store, newest first.
            </Text>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <AttentionFilterSelect
              value={attention}
              onChange={(value) => {
                setAttention(value)
                firstPage()
              }}
            />
            <StatusFilter
              value={status}
              onChange={(value) => {
                setStatus(value)
                firstPage()
              }}
            />
            {severalStores && (
              <StoreFilter
                storeCodes={storeCodes}
                value={storeCode}
                onChange={(value) => {
                  setStoreCode(value)
                  firstPage()
                }}
              />
            )}
            <DataTable.Search
              placeholder="Application id, order number or phone"
              className="w-[280px]"
              data-testid="rf-applications-search"
            />
            <Button size="small" variant="secondary" asChild>
              <Link to="/settings/retail-financing">Settings</Link>
            </Button>
          </div>
        </DataTable.Toolbar>
        {intent.kind === "phone" && (
          <PhoneResult
            phone={intent.phone}
            result={phone.data}
            error={phone.error ? adminErrorMessage(phone.error) : null}
            isLoading={phone.isLoading}
          />
        )}
        {list.error && (
          <Text size="small" className="text-ui-fg-error px-6 py-4" data-testid="rf-applications-error">
            Could not load the applications: {adminErrorMessage(list.error)}
          </Text>
        )}
        <DataTable.Table
          emptyState={{
            empty: {
              heading: "No financing applications yet",
              description: "Applications appear here once a shopper chooses to pay over time.",
            },
            filtered: {
              heading: "No application matches",
              description: severalStores
                ? "Try another status or store code, or search by application id, order number or phone."
                : "Try another status, or search by application id, order number or phone.",
            },
          }}
        />
        <DataTable.Pagination />
      </DataTable>
      <ApplicationDrawer application={opened} handlers={handlers} onClose={() => setOpenId(null)} />
    </Container>
  )
}

/** The row menu's actions: each asks before it changes anything at the service, and says how it went. */
function useRowActionHandlers(): RowActionHandlers {
  const prompt = usePrompt()
  const navigate = useNavigate()
  const retry = useRetryFinancingAction()
  const voidContract = useVoidFinancingContract()
  const resolve = useResolveFinancingException()

  return useMemo<RowActionHandlers>(
    () => ({
      retry: (_application: ApplicationListItem, actionId: string) => {
        retry.mutate(actionId, {
          onSuccess: ({ action }) => {
            const outcome = actionOutcome(action)
            if (outcome.tone === "error") toast.error(outcome.text)
            else toast.success(outcome.text)
          },
          onError: (error) => toast.error(adminErrorMessage(error)),
        })
      },
      voidContract: async (application) => {
        const confirmed = await prompt({
          title: "Void this contract at the financing service?",
          description:
            "The plugin asks the service to return the whole contract, so the customer owes nothing on it.",
          confirmText: "Void contract",
          cancelText: "Cancel",
        })
        if (!confirmed) return
        voidContract.mutate(application.id, {
          onSuccess: () => toast.success("The contract's return was requested."),
          onError: (error) => toast.error(adminErrorMessage(error)),
        })
      },
      resolve: async (application) => {
        const confirmed = await prompt({
          title: "Mark this exception resolved?",
          description:
            "Do this once you have settled the contract with the customer or the financing service yourself.",
          confirmText: "Mark resolved",
          cancelText: "Cancel",
        })
        if (!confirmed) return
        resolve.mutate(application.id, {
          onSuccess: () => toast.success("Marked resolved."),
          onError: (error) => toast.error(adminErrorMessage(error)),
        })
      },
      openOrder: (orderId) => navigate(`/orders/${orderId}`),
      copyFinishLink: (link) => {
        void navigator.clipboard
          .writeText(link)
          .then(() => toast.success("Link copied: send it to the shopper to finish the application."))
          .catch(() => toast.error("Could not copy the link."))
      },
      copyPublicId: (publicId) => {
        void navigator.clipboard
          .writeText(publicId)
          .then(() => toast.success("Application id copied."))
          .catch(() => toast.error("Could not copy; select the id in the row instead."))
      },
    }),
    // The mutations' `mutate` functions are stable; depending on them keeps the columns from being rebuilt.
    [prompt, navigate, retry.mutate, voidContract.mutate, resolve.mutate]
  )
}
