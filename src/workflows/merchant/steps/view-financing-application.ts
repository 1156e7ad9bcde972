import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import { actionView, applicationView } from "../../../queries/admin-views"

/** The admin's view of an application and its actions as they are now. */
export const viewFinancingApplicationStep = createStep(
  "view-financing-application",
  async ({ application_id }: { application_id: string }, { container }) => {
    const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    const application = await financing.retrieveFinancingApplication(application_id)
    const actions = await financing.actions.ofApplication(application.id)
    return new StepResponse({
      application: applicationView(application, financing.getOptions().storeCode),
      actions: actions.map(actionView),
    })
  }
)
