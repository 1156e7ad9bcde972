import {
  PREPARED_APPLICATION_TTL_MS,
  type PreparedApplication,
  type SealedApplication,
  callbackProof,
  callbackUrlFor,
  isValidCallbackProof,
  openSealedApplication,
  openSealedStatus,
  SEALED_STATUS_FRESH_MS,
  sealApplication,
  sealStatus,
} from "../proofs"

const SECRET = "callback-secret-for-tests-0123456789abcdef"
const OTHER_SECRET = "another-store-secret-0123456789abcdefghij"
const SESSION_ID = "payses_01JTESTSESSION000000000001"

const PREPARED_AT = Date.parse("2025-03-14T15:09:26.535Z")

function prepared(overrides: Partial<PreparedApplication> = {}): PreparedApplication {
  return {
    applicationId: "rfapp_01JTESTAPPLICATION",
    publicId: "0b7c9c0e-1111-4222-8333-444455556666",
    storeCode: "STORE-001",
    link: "https://financing.example.com/apply/0b7c9c0e-1111-4222-8333-444455556666",
    cartId: "cart_01JTESTCART",
    amountCents: 130004,
    createdDate: "2025-03-14",
    preparedAt: new Date(PREPARED_AT).toISOString(),
    ...overrides,
  }
}

/** What comes back from a JSON column: a deep copy with no undefined values and no shared references. */
const throughJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

/** A deep copy with every object's keys in the order `order` gives them. */
function reordered(value: unknown, order: (keys: string[]) => string[]): unknown {
  if (Array.isArray(value)) return value.map((entry) => reordered(entry, order))
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>
    return Object.fromEntries(order(Object.keys(record)).map((key) => [key, reordered(record[key], order)]))
  }
  return value
}

/** PostgreSQL jsonb stores object keys shorter first, then by bytes, whatever order they were written in. */
const jsonbOrder = (keys: string[]) =>
  [...keys].sort((a, b) => a.length - b.length || Buffer.compare(Buffer.from(a), Buffer.from(b)))

const open = (sealed: unknown, now = PREPARED_AT + 1_000) => openSealedApplication(SECRET, sealed, now)

describe("callback proof", () => {
  const proof = callbackProof(SECRET, SESSION_ID)

  it("is a URL-safe digest, the same every time for a session", () => {
    expect(proof).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(callbackProof(SECRET, SESSION_ID)).toBe(proof)
  })

  it("accepts the proof made for the session", () => {
    expect(isValidCallbackProof(SECRET, SESSION_ID, proof)).toBe(true)
  })

  it("refuses a proof made with another secret", () => {
    expect(isValidCallbackProof(SECRET, SESSION_ID, callbackProof(OTHER_SECRET, SESSION_ID))).toBe(false)
    expect(isValidCallbackProof(OTHER_SECRET, SESSION_ID, proof)).toBe(false)
  })

  it("refuses the proof of another session", () => {
    const other = "payses_01JTESTSESSION000000000002"

    expect(isValidCallbackProof(SECRET, other, proof)).toBe(false)
    expect(isValidCallbackProof(SECRET, SESSION_ID, callbackProof(SECRET, other))).toBe(false)
  })

  it.each([0, 21, 42])("refuses a proof with character %i altered", (index) => {
    const swapped = proof[index] === "A" ? "B" : "A"
    const tampered = proof.slice(0, index) + swapped + proof.slice(index + 1)

    expect(tampered).toHaveLength(proof.length)
    expect(isValidCallbackProof(SECRET, SESSION_ID, tampered)).toBe(false)
  })

  it.each([
    ["empty", ""],
    ["one character short", proof.slice(0, -1)],
    ["one character long", `${proof}A`],
    ["twice as long", proof + proof],
    // Same number of characters, more bytes: the comparison must not throw on the length mismatch.
    ["a multi-byte last character", `${proof.slice(0, -1)}é`],
  ])("refuses a proof of a different length (%s) without throwing", (_case, given) => {
    expect(() => isValidCallbackProof(SECRET, SESSION_ID, given)).not.toThrow()
    expect(isValidCallbackProof(SECRET, SESSION_ID, given)).toBe(false)
  })

  it("is not the secret, nor does it contain it", () => {
    expect(proof).not.toContain(SECRET)
    expect(SECRET).not.toContain(proof)
  })
})

describe("callbackUrlFor", () => {
  const proof = callbackProof(SECRET, SESSION_ID)

  it("is the plugin's hook route for the session, carrying its proof", () => {
    expect(callbackUrlFor("https://store.example.com", SECRET, SESSION_ID)).toBe(
      `https://store.example.com/hooks/retail-financing/${SESSION_ID}/${proof}`
    )
  })

  it.each(["https://store.example.com/", "https://store.example.com//"])(
    "does not double the slash after %s",
    (backendUrl) => {
      expect(callbackUrlFor(backendUrl, SECRET, SESSION_ID)).toBe(
        `https://store.example.com/hooks/retail-financing/${SESSION_ID}/${proof}`
      )
    }
  )

  it("keeps a path prefix of the backend URL (a server behind a reverse proxy)", () => {
    expect(callbackUrlFor("https://example.com/medusa/", SECRET, SESSION_ID)).toBe(
      `https://example.com/medusa/hooks/retail-financing/${SESSION_ID}/${proof}`
    )
  })

  it("encodes a session id as one path segment, and the route's decoded id verifies", () => {
    const sessionId = "odd id/with?chars&#"
    const url = new URL(callbackUrlFor("http://localhost:9000", SECRET, sessionId))
    const [, hooks, provider, encodedId, urlProof, ...rest] = url.pathname.split("/")

    expect({ hooks, provider, rest, search: url.search, hash: url.hash }).toEqual({
      hooks: "hooks",
      provider: "retail-financing",
      rest: [],
      search: "",
      hash: "",
    })
    expect(decodeURIComponent(encodedId)).toBe(sessionId)
    expect(isValidCallbackProof(SECRET, decodeURIComponent(encodedId), urlProof)).toBe(true)
  })

  it("gives each session its own URL", () => {
    expect(callbackUrlFor("https://store.example.com", SECRET, "payses_a")).not.toBe(
      callbackUrlFor("https://store.example.com", SECRET, "payses_b")
    )
  })

  it("never carries the secret", () => {
    expect(callbackUrlFor("https://store.example.com", SECRET, SESSION_ID)).not.toContain(SECRET)
  })
})

describe("sealed prepared application", () => {
  it("opens to exactly what was sealed", () => {
    const sealed = sealApplication(SECRET, prepared())

    expect(sealed.prepared).toEqual(prepared())
    expect(sealed.seal).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(open(sealed)).toEqual(prepared())
  })

  it("survives a trip through JSON, as session data is stored", () => {
    expect(open(throughJson(sealApplication(SECRET, prepared())))).toEqual(prepared())
  })

  it.each([
    ["PostgreSQL jsonb order", jsonbOrder],
    ["reversed", (keys: string[]) => [...keys].reverse()],
    ["alphabetical", (keys: string[]) => [...keys].sort()],
  ])("stays valid with every object's keys reordered (%s)", (_name, order) => {
    const sealed = sealApplication(SECRET, prepared())
    const stored = reordered(throughJson(sealed), order) as SealedApplication

    // The reordering is real: the stored JSON differs, yet the seal still holds.
    expect(JSON.stringify(stored.prepared)).not.toBe(JSON.stringify(sealed.prepared))
    expect(open(stored)).toEqual(prepared())
  })

  it.each<[string, (value: PreparedApplication) => void]>([
    ["applicationId", (value) => (value.applicationId = "rfapp_01JSOMEONEELSE")],
    ["publicId", (value) => (value.publicId = "0b7c9c0e-1111-4222-8333-444455556667")],
    ["link", (value) => (value.link = "https://evil.example.com/apply")],
    ["amountCents", (value) => (value.amountCents += 1)],
    ["cartId", (value) => (value.cartId = "cart_someone_else")],
    ["createdDate", (value) => (value.createdDate = "2025-03-13")],
    ["preparedAt (still fresh)", (value) => (value.preparedAt = new Date(PREPARED_AT + 500).toISOString())],
    [
      "an added field",
      (value) => ((value as unknown as Record<string, unknown>).firstName = "chosen-by-the-browser"),
    ],
    ["a removed field", (value) => delete (value as Partial<PreparedApplication>).link],
    ["a value's type", (value) => ((value as unknown as Record<string, unknown>).amountCents = "130004")],
  ])("refuses an application whose %s was altered", (_field, alter) => {
    const sealed = throughJson(sealApplication(SECRET, prepared()))
    alter(sealed.prepared)

    expect(open(sealed)).toBeUndefined()
  })

  it("refuses a seal made with another secret", () => {
    expect(open(sealApplication(OTHER_SECRET, prepared()))).toBeUndefined()
    expect(
      openSealedApplication(OTHER_SECRET, sealApplication(SECRET, prepared()), PREPARED_AT)
    ).toBeUndefined()
  })

  it("keys the seal apart from the callback proof, so one can never stand in for the other", () => {
    // A string's canonical JSON is JSON.stringify's: with one shared key, these two digests would be equal.
    const text = "payses_01JTESTSESSION000000000001"
    const sealOfText = sealApplication(SECRET, text as unknown as PreparedApplication).seal

    expect(sealOfText).not.toBe(callbackProof(SECRET, JSON.stringify(text)))
    expect(isValidCallbackProof(SECRET, JSON.stringify(text), sealOfText)).toBe(false)
  })

  it.each([
    ["altered", (seal: string) => (seal[0] === "A" ? "B" : "A") + seal.slice(1)],
    ["shortened", (seal: string) => seal.slice(0, -1)],
    ["lengthened", (seal: string) => `${seal}A`],
    ["multi-byte", (seal: string) => `${seal.slice(0, -1)}é`],
    ["empty", () => ""],
  ])("refuses a seal that is %s, without throwing", (_case, alter) => {
    const sealed = sealApplication(SECRET, prepared())

    expect(() => open({ ...sealed, seal: alter(sealed.seal) })).not.toThrow()
    expect(open({ ...sealed, seal: alter(sealed.seal) })).toBeUndefined()
  })

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["a string", "sealed"],
    ["a number", 42],
    ["an array", []],
    ["an empty object", {}],
    ["no seal", { prepared: prepared() }],
    ["a seal that is not a string", { prepared: prepared(), seal: 42 }],
    ["no prepared application", { seal: sealApplication(SECRET, prepared()).seal }],
  ])("refuses %s", (_case, sealed) => {
    expect(open(sealed)).toBeUndefined()
  })

  describe("freshness", () => {
    const sealed = sealApplication(SECRET, prepared())

    it("is good for ten minutes", () => {
      expect(PREPARED_APPLICATION_TTL_MS).toBe(10 * 60 * 1000)
      expect(open(sealed, PREPARED_AT)).toEqual(prepared())
      expect(open(sealed, PREPARED_AT + PREPARED_APPLICATION_TTL_MS)).toEqual(prepared())
    })

    it("refuses a stale application", () => {
      expect(open(sealed, PREPARED_AT + PREPARED_APPLICATION_TTL_MS + 1)).toBeUndefined()
      expect(open(sealed, PREPARED_AT + 24 * 3600 * 1000)).toBeUndefined()
    })

    it("refuses an application prepared in the future", () => {
      expect(open(sealed, PREPARED_AT - 1)).toBeUndefined()
      expect(open(sealed, PREPARED_AT - PREPARED_APPLICATION_TTL_MS)).toBeUndefined()
    })

    it("refuses a correctly sealed application whose preparedAt is not a date", () => {
      expect(open(sealApplication(SECRET, prepared({ preparedAt: "yesterday" })))).toBeUndefined()
      expect(open(sealApplication(SECRET, prepared({ preparedAt: "" })))).toBeUndefined()
    })

    it("uses the current time by default", () => {
      const fresh = sealApplication(SECRET, prepared({ preparedAt: new Date().toISOString() }))

      expect(openSealedApplication(SECRET, fresh)).toBeDefined()
      expect(openSealedApplication(SECRET, sealed)).toBeUndefined()
    })
  })
})

describe("sealed status read", () => {
  const READ = { status: "Signed" as const, invoiceAmount: 1300.04 }
  const AT = Date.parse("2026-11-24T12:00:00.000Z")

  it("opens to the status and contract amount read, for the application it names", () => {
    const sealed = sealStatus(SECRET, "PUB-1", READ, new Date(AT))
    expect(openSealedStatus(SECRET, sealed, "PUB-1", AT + 1_000)).toEqual(READ)
  })

  it("survives a trip through JSON with its keys reordered, as session data is stored", () => {
    const sealed = sealStatus(SECRET, "PUB-1", READ, new Date(AT))
    const reordered = Object.fromEntries(Object.entries(JSON.parse(JSON.stringify(sealed))).reverse())
    expect(openSealedStatus(SECRET, reordered, "PUB-1", AT)).toEqual(READ)
  })

  it("is fresh for a minute, allowing a little clock skew between servers", () => {
    const sealed = sealStatus(SECRET, "PUB-1", READ, new Date(AT))
    expect(openSealedStatus(SECRET, sealed, "PUB-1", AT + SEALED_STATUS_FRESH_MS)).toEqual(READ)
    expect(openSealedStatus(SECRET, sealed, "PUB-1", AT + SEALED_STATUS_FRESH_MS + 1)).toBeUndefined()
    expect(openSealedStatus(SECRET, sealed, "PUB-1", AT - 4_000)).toEqual(READ)
    expect(openSealedStatus(SECRET, sealed, "PUB-1", AT - 6_000)).toBeUndefined()
  })

  it("refuses another secret, another application, and any field changed", () => {
    const sealed = sealStatus(SECRET, "PUB-1", READ, new Date(AT))
    expect(openSealedStatus("another-secret-of-enough-length-0123", sealed, "PUB-1", AT)).toBeUndefined()
    expect(openSealedStatus(SECRET, sealed, "PUB-2", AT)).toBeUndefined()
    expect(openSealedStatus(SECRET, { ...sealed, status: "Funded" }, "PUB-1", AT)).toBeUndefined()
    expect(openSealedStatus(SECRET, { ...sealed, invoiceAmount: 5000 }, "PUB-1", AT)).toBeUndefined()
    expect(
      openSealedStatus(SECRET, { ...sealed, readAt: new Date(AT + 1).toISOString() }, "PUB-1", AT)
    ).toBeUndefined()
    expect(openSealedStatus(SECRET, { ...sealed, seal: "x" }, "PUB-1", AT)).toBeUndefined()
    expect(openSealedStatus(SECRET, undefined, "PUB-1", AT)).toBeUndefined()
    expect(openSealedStatus(SECRET, "a string", "PUB-1", AT)).toBeUndefined()
  })

  it("keys its seal apart from the callback proof", () => {
    const sealed = sealStatus(SECRET, "PUB-1", READ, new Date(AT))
    expect(sealed.seal).not.toBe(callbackProof(SECRET, "PUB-1"))
  })
})
