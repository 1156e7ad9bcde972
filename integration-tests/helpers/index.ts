export * from "./admin"
export * from "./constants"
export * from "./store"
