import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"

import { ApplicationsList } from "../../components/applications/applications-list"
import { PayoutsSection } from "../../components/payouts/payouts-section"

/** The store's financing applications and the lender's payouts, in the admin's main sidebar (Medusa lists a top-level route there). */
const RetailFinancingApplicationsPage = () => (
  <div className="flex flex-col gap-y-3" data-testid="rf-applications-page">
    <ApplicationsList />
    <PayoutsSection />
  </div>
)

export const config = defineRouteConfig({ label: "Retail financing", icon: CreditCard })

export default RetailFinancingApplicationsPage
