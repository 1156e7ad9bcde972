import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto"

interface TokenClaims {
  sub: string
  iat: number
  exp: number
  jti: string
  /** Generation of the signing key's use: `expireAll` starts a new one. */
  gen: number
  /** Generation of the store's tokens: `expireStore` starts a new one for that store alone. */
  sgen?: number
}

/**
 * HS256 JWTs signed with a key made at start, so a token from another sandbox, or one edited by hand,
 * is refused like a forged one. `expireAll` makes every token issued so far invalid (early expiry), and
 * `expireStore` every token of one store, leaving the other stores' valid.
 */
export class TokenIssuer {
  private readonly key = randomBytes(32)
  private generation = 0
  private readonly storeGenerations = new Map<string, number>()

  constructor(
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now
  ) {}

  issue(storeCode: string): string {
    const iat = Math.floor(this.now() / 1000)
    const exp = Math.floor(this.now() + this.ttlSeconds * 1000) / 1000
    const claims: TokenClaims = {
      sub: storeCode,
      iat,
      exp,
      jti: randomUUID(),
      gen: this.generation,
      sgen: this.storeGeneration(storeCode),
    }
    const header = encode({ alg: "HS256", typ: "JWT" })
    const payload = encode(claims)
    return `${header}.${payload}.${this.sign(`${header}.${payload}`)}`
  }

  /** The store the token was issued to, or undefined for a missing, forged or expired one. */
  verify(token: string): string | undefined {
    const [header, payload, signature] = token.split(".")
    if (!header || !payload || !signature) return undefined
    const expected = Buffer.from(this.sign(`${header}.${payload}`))
    const given = Buffer.from(signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as TokenClaims
    if (this.now() / 1000 >= claims.exp || claims.gen !== this.generation) return undefined
    if ((claims.sgen ?? 0) !== this.storeGeneration(claims.sub)) return undefined
    return claims.sub
  }

  expireAll(): void {
    this.generation += 1
  }

  expireStore(storeCode: string): void {
    this.storeGenerations.set(storeCode, this.storeGeneration(storeCode) + 1)
  }

  private storeGeneration(storeCode: string): number {
    return this.storeGenerations.get(storeCode) ?? 0
  }

  private sign(content: string): string {
    return createHmac("sha256", this.key).update(content).digest("base64url")
  }
}

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url")
}
