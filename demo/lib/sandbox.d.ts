export const SANDBOX_STORE: { username: string; storeCode: string }
