/**
 * Every react-query key the plugin's admin screens use, in one place, so a change invalidates exactly the
 * screens that show it. All start with "retail-financing" to stay clear of the dashboard's own keys.
 */
const ROOT = "retail-financing"

export const financingKeys = {
  all: [ROOT] as const,
  orderFinancing: (orderId: string) => [ROOT, "order", orderId] as const,
  applications: () => [ROOT, "applications"] as const,
  applicationList: (query: Record<string, unknown>) => [ROOT, "applications", "list", query] as const,
  exceptions: () => [ROOT, "exceptions"] as const,
  payoutList: (query: Record<string, unknown>) => [ROOT, "payouts", "list", query] as const,
  settings: () => [ROOT, "settings"] as const,
  /**
   * Not under settings: refreshing the settings must not run a connection test, nor the reverse. Null is the
   * top-level store code (the route's default), asked before the settings say which codes there are.
   */
  connectionTest: (storeCode: string | null) => [ROOT, "connection-test", storeCode] as const,
  /** The names of the sales channels the settings' locations list (the dashboard's data, read by id). */
  salesChannelNames: (ids: readonly string[]) => [ROOT, "sales-channel-names", ids] as const,
  returnReasons: () => [ROOT, "return-reasons"] as const,
  phoneStatus: (phone: string) => [ROOT, "phone-status", phone] as const,
  productLeasability: (productId: string) => [ROOT, "product-leasability", productId] as const,
}

/** The dashboard's own key of a product's page (queryKeysFactory("products").detail): refreshed after our edit. */
export const dashboardProductKey = (productId: string) => ["products", "detail", productId] as const
