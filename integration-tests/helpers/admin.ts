import { createUserAccountWorkflow } from "@medusajs/medusa/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"

export type AuthHeaders = { headers: Record<string, string> }

export const ADMIN_CREDENTIALS = { email: "admin@retail-financing.test", password: "integration-tests-only" }

/**
 * An admin user that logs in through the real emailpass route, so tests exercise the same JWT a
 * dashboard session gets instead of a token signed by hand.
 */
export async function createAdminAuthHeaders(
  container: MedusaContainer,
  api: AxiosInstance
): Promise<AuthHeaders> {
  const auth = container.resolve(Modules.AUTH)
  const registered = await auth.register("emailpass", { body: ADMIN_CREDENTIALS })
  if (!registered.success || !registered.authIdentity) {
    throw new Error(`Could not register the test admin: ${registered.error ?? "unknown error"}`)
  }

  await createUserAccountWorkflow(container).run({
    input: { authIdentityId: registered.authIdentity.id, userData: { email: ADMIN_CREDENTIALS.email } },
  })

  const { data } = await api.post<{ token: string }>("/auth/user/emailpass", ADMIN_CREDENTIALS)
  return { headers: { authorization: `Bearer ${data.token}` } }
}
