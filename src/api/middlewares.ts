import { defineMiddlewares } from "@medusajs/framework/http"
import { prepareFinancingApplication } from "./middlewares/prepare-financing-application"

export default defineMiddlewares({
  routes: [
    {
      // With `method` set, this runs after Medusa's body validation and before its handler (checked
      // against Medusa 2.21's route sorter); without it, it would run on every method, unvalidated.
      matcher: "/store/payment-collections/:id/payment-sessions",
      method: "POST",
      middlewares: [prepareFinancingApplication],
    },
  ],
})
