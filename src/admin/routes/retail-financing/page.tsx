import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"

import { ApplicationsList } from "../../components/applications/applications-list"

/** The store's financing applications, in the admin's main sidebar (Medusa lists a top-level route there). */
const RetailFinancingApplicationsPage = () => (
  <div className="flex flex-col gap-y-3" data-testid="rf-applications-page">
    <ApplicationsList />
  </div>
)

export const config = defineRouteConfig({ label: "Retail financing", icon: CreditCard })

export default RetailFinancingApplicationsPage
