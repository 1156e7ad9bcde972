import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminProduct, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, Label, StatusBadge, Switch, Text, toast } from "@medusajs/ui"

import { requestErrorMessage } from "../components/order-financing/action-toast"
import { useProductLeasability, useSetProductLeasable } from "../hooks/product-leasability"
import { notLeasableSentence } from "../lib/leasable-words"

/**
 * On a product's page: whether shoppers can pay over time for it and, when not, the rule that keeps the
 * lender from leasing it, with a switch for the product's own mark. A cart holding a product that cannot be
 * leased is not offered Pay over time.
 */
const ProductLeasableWidget = ({ data: product }: DetailWidgetProps<AdminProduct>) => {
  const { data, error } = useProductLeasability(product.id)
  const leasability = data?.leasability
  const setLeasable = useSetProductLeasable(product)

  const onToggle = (metadataKey: string, leasable: boolean) =>
    setLeasable.mutate(
      { metadataKey, leasable },
      {
        onError: (failure) =>
          toast.error("The product was not changed", { description: requestErrorMessage(failure) }),
      }
    )

  return (
    <Container className="divide-y p-0" data-testid="retail-financing-product-leasable">
      <div className="flex items-center justify-between gap-x-2 px-6 py-4">
        <Heading level="h2">Pay over time</Heading>
        {leasability && (
          <StatusBadge color={leasability.leasable ? "green" : "orange"}>
            {leasability.leasable ? "Available" : "Not available"}
          </StatusBadge>
        )}
      </div>
      <div className="flex flex-col gap-y-3 px-6 py-4">
        {error && (
          <Text size="small" className="text-ui-fg-error">
            Could not read whether this product can be paid over time: {requestErrorMessage(error)}
          </Text>
        )}
        {leasability && (
          <Text size="small" className="text-ui-fg-subtle" data-testid="retail-financing-leasable-reason">
            {leasability.not_leasable_because
              ? `Shoppers can't pay over time for a cart with this product. ${notLeasableSentence(leasability.not_leasable_because)}`
              : "Shoppers can pay over time for this product."}
          </Text>
        )}
        {leasability && (
          <div className="flex items-start gap-x-3">
            <Switch
              id="retail-financing-leasable"
              checked={!leasability.marked_not_leasable}
              disabled={setLeasable.isPending}
              onCheckedChange={(leasable) => onToggle(leasability.metadata_key, leasable)}
            />
            <div className="flex flex-col">
              <Label htmlFor="retail-financing-leasable" size="small" weight="plus">
                The lender can lease this product
              </Label>
              <Text size="small" className="text-ui-fg-muted">
                Turn off for what a lease-to-own lender cannot own: services, protection plans, consumables,
                digital goods. Saved in the product's metadata as {leasability.metadata_key}.
              </Text>
            </div>
          </div>
        )}
      </div>
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "product.details.side.after",
  id: "retail-financing:product-leasable",
})

export default ProductLeasableWidget
