export * from "./sync-financing-session"
export * from "./record-post-sale-actions"
export * from "./send-financing-actions"
