/** Sandbox arithmetic in whole cents, so figures shown to a person always add up. */
export const toCents = (amount: number): number => Math.round(amount * 100)
export const fromCents = (cents: number): number => cents / 100
