import {
  defineMiddlewares,
  validateAndTransformBody,
  validateAndTransformQuery,
} from "@medusajs/framework/http"

import { AdminGetFinancingApplications } from "./admin/retail-financing/applications/validators"
import { AdminGetFinancingPayouts } from "./admin/retail-financing/payouts/validators"
import { AdminPostFinancingReturn } from "./admin/retail-financing/orders/[order_id]/returns/validators"
import { AdminGetPhoneStatus } from "./admin/retail-financing/phone-status/validators"
import { AdminGetConnectionTest } from "./admin/retail-financing/settings/connection/validators"
import { completeFinancedCart } from "./middlewares/complete-financed-cart"
import { invoiceUpload } from "./middlewares/invoice-upload"
import { prepareFinancingApplication } from "./middlewares/prepare-financing-application"
import { StoreGetAsLowAs } from "./store/retail-financing/as-low-as/validators"
import { StoreGetFinancingEligibility } from "./store/retail-financing/eligibility/validators"

export default defineMiddlewares({
  routes: [
    {
      // With `method` set, this runs after Medusa's body validation and before its handler (checked
      // against Medusa 2.21's route sorter); without it, it would run on every method, unvalidated.
      matcher: "/store/payment-collections/:id/payment-sessions",
      method: "POST",
      middlewares: [prepareFinancingApplication],
    },
    {
      // After Medusa's query validation (req.queryConfig holds the order fields asked for), before its handler.
      matcher: "/store/carts/:id/complete",
      method: "POST",
      middlewares: [completeFinancedCart],
    },
    {
      matcher: "/admin/retail-financing/orders/:order_id/returns",
      method: "POST",
      middlewares: [validateAndTransformBody(AdminPostFinancingReturn)],
    },
    {
      matcher: "/admin/retail-financing/orders/:order_id/invoice",
      method: "POST",
      // Multipart: Medusa's JSON body parser must leave the stream to multer.
      bodyParser: false,
      middlewares: [invoiceUpload],
    },
    {
      matcher: "/admin/retail-financing/applications",
      method: "GET",
      middlewares: [validateAndTransformQuery(AdminGetFinancingApplications, {})],
    },
    {
      matcher: "/admin/retail-financing/payouts",
      method: "GET",
      middlewares: [validateAndTransformQuery(AdminGetFinancingPayouts, {})],
    },
    {
      matcher: "/admin/retail-financing/phone-status",
      method: "GET",
      middlewares: [validateAndTransformQuery(AdminGetPhoneStatus, {})],
    },
    {
      matcher: "/admin/retail-financing/settings/connection",
      method: "GET",
      middlewares: [validateAndTransformQuery(AdminGetConnectionTest, {})],
    },
    {
      matcher: "/store/retail-financing/as-low-as",
      method: "GET",
      middlewares: [validateAndTransformQuery(StoreGetAsLowAs, {})],
    },
    {
      matcher: "/store/retail-financing/eligibility",
      method: "GET",
      middlewares: [validateAndTransformQuery(StoreGetFinancingEligibility, {})],
    },
  ],
})
