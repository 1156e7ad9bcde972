export * from "./sync-financing-session"
