import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import multer from "multer"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../modules/retail-financing"

/**
 * Reads the merchant's invoice file (the multipart part `file`, and the one field `keep_generated`) into
 * memory, refusing it while it streams in once it passes the configured size, so an oversized upload never
 * fills the server's memory.
 */
export function invoiceUpload(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const { invoiceMaxBytes } = req.scope
    .resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
    .getOptions()
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: invoiceMaxBytes, files: 1, fields: 1, fieldSize: 16 },
    // Browsers send a non-ASCII file name as raw UTF-8; busboy's default reads it as Latin-1 (mojibake).
    defParamCharset: "utf8",
  })
  upload.single("file")(req, res, (error: unknown) => {
    if (!error) return next()
    if (error instanceof multer.MulterError) {
      const message =
        error.code === "LIMIT_FILE_SIZE"
          ? `file must be at most ${invoiceMaxBytes} bytes`
          : `file upload refused: ${error.message}`
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, message))
    }
    next(error)
  })
}
