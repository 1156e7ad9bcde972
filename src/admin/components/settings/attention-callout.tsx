import { Button, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"

import { useFinancingApplications } from "../../hooks/applications"

/**
 * How many applications need the merchant (failed actions, unknown outcomes, contracts without an order),
 * with the way to them: they are handled on the applications page, not here.
 */
export const AttentionCallout = () => {
  const { data } = useFinancingApplications({ needs_attention: "true", limit: 1 })
  const count = data?.count
  return (
    <div className="flex items-center justify-between gap-x-4 px-6 py-4" data-testid="rf-attention-callout">
      <Text size="small" className={count ? "text-ui-fg-base" : "text-ui-fg-subtle"}>
        {count === undefined
          ? "Applications and what needs you are on the Retail financing page."
          : count === 0
            ? "No application needs your attention."
            : `${count} ${count === 1 ? "application needs" : "applications need"} your attention.`}
      </Text>
      <Button size="small" variant="secondary" asChild>
        <Link to={count ? "/retail-financing?needs_attention=true" : "/retail-financing"}>
          {count ? "Show them" : "All applications"}
        </Link>
      </Button>
    </div>
  )
}
