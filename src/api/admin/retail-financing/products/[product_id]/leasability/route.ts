import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import type { ProductLeasabilityResponse } from "../../../../../../domain/admin-api/types"
import { LEASABLE_METADATA_KEY, metadataSaysNotLeasable } from "../../../../../../domain/checkout/leasable"
import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../../../../modules/retail-financing"
import { productLeasability } from "../../../../../../queries/product-leasability"

/**
 * The product widget's data: whether the lender can lease the product, the rule that keeps it from it (the
 * same rule a cart's lines are checked with), and the product's own metadata flag, which the widget's
 * switch sets through Medusa's product update.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse<ProductLeasabilityResponse>) {
  const productId = req.params.product_id
  const options = req.scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE).getOptions()
  const leasability = await productLeasability(req.scope, productId, options.nonLeasable)
  if (!leasability) throw new MedusaError(MedusaError.Types.NOT_FOUND, `There is no product ${productId}.`)
  res.json({
    leasability: {
      leasable: leasability.not_leasable_because === null,
      not_leasable_because: leasability.not_leasable_because,
      metadata_key: LEASABLE_METADATA_KEY,
      marked_not_leasable: metadataSaysNotLeasable(leasability.product.metadata),
    },
  })
}
