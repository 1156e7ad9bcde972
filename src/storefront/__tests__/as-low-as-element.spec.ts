import vm from "node:vm"

import { loadElementScript } from "../../api/retail-financing/as-low-as.js/element-script"

/*
 * The element's behaviour (what it asks, when, and what it shows) in a small stand-in for the DOM, with
 * jest's clock. Rendering in a real browser, shadow DOM and CORS included, is the browser project's
 * Chromium test (integration-tests/browser/order-widget.spec.ts).
 */

type Child = FakeNode | string

class FakeNode {
  readonly attributes = new Map<string, string>()
  children: Child[] = []

  constructor(readonly tag: string) {}

  get textContent(): string {
    return this.children.map((child) => (typeof child === "string" ? child : child.textContent)).join("")
  }

  set textContent(text: string | null) {
    this.children = text ? [text] : []
  }

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value)
  }

  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null
  }

  removeAttribute(name: string): void {
    this.attributes.delete(name)
  }

  append(...children: Child[]): void {
    this.children.push(...children)
  }

  /** Every element below this one, depth first. */
  descendants(): FakeNode[] {
    return this.children.flatMap((child) =>
      typeof child === "string" ? [] : [child, ...child.descendants()]
    )
  }
}

interface ElementCallbacks {
  connectedCallback(): void
  disconnectedCallback(): void
  attributeChangedCallback(name: string, previous: string | null, next: string | null): void
}

class FakeHostElement extends FakeNode {
  isConnected = false
  shadow: FakeNode | undefined
  /** The `lang` of the page around the element (an ancestor's, or `<html lang>`), if any. */
  pageLang: string | null = null

  constructor() {
    super("retail-financing-as-low-as")
  }

  /** Only `[lang]` is asked for: the element itself when it has one, else the page's. */
  closest(selector: string): { getAttribute(name: string): string | null } | null {
    if (selector !== "[lang]") throw new Error(`closest(${selector}) is not faked`)
    if (this.getAttribute("lang") !== null) return this
    const lang = this.pageLang
    return lang === null ? null : { getAttribute: (name) => (name === "lang" ? lang : null) }
  }

  attachShadow(): { replaceChildren(...children: FakeNode[]): void } {
    const shadow = new FakeNode("#shadow-root")
    this.shadow = shadow
    return { replaceChildren: (...children) => (shadow.children = children) }
  }

  override setAttribute(name: string, value: string): void {
    const previous = this.getAttribute(name)
    super.setAttribute(name, value)
    const observed = (this.constructor as { observedAttributes?: string[] }).observedAttributes ?? []
    if (observed.includes(name))
      (this as unknown as ElementCallbacks).attributeChangedCallback(name, previous, value)
  }

  /** What a shopper reads in the shadow root, styles left out. */
  get visibleText(): string {
    return (this.shadow?.children ?? [])
      .filter((child): child is FakeNode => typeof child !== "string" && child.tag !== "style")
      .map((child) => child.textContent)
      .join(" | ")
  }

  find(part: string): FakeNode | undefined {
    return this.shadow?.descendants().find((node) => node.getAttribute("part") === part)
  }
}

const OFFER = {
  as_low_as: {
    amount: "1299.99",
    monthly_payment: "173.34",
    months: 12,
    partner_code: "SANDLEASE",
    partner_display_name: "Sandbox Lease",
    disclaimer: "Lease-to-own is not a loan.",
    early_buyout_options: [{ month: 3, payment: "1429.99", savings_percentage: 47.6 }],
  },
  available: true,
  reason: null,
  min_amount: "100.00",
  max_amount: "5000.00",
}

type FetchCall = { url: string; headers: Record<string, string>; signal: AbortSignal }

let script: string
beforeAll(async () => {
  script = (await loadElementScript(require.resolve("../as-low-as-element").replace(/\.ts$/, ""))).body
})

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

/** A page with the script loaded: its custom element registry, and a fetch the test answers. */
function page(answer: (call: FetchCall) => Promise<{ ok: boolean; json(): Promise<unknown> }>) {
  const registry = new Map<string, new () => FakeHostElement>()
  const calls: FetchCall[] = []
  const context = {
    HTMLElement: FakeHostElement,
    customElements: {
      get: (name: string) => registry.get(name),
      define: (name: string, constructor: new () => FakeHostElement) => registry.set(name, constructor),
    },
    document: {
      baseURI: "https://shop.example.com/products/sofa",
      createElement: (tag: string) => new FakeNode(tag),
    },
    fetch: (url: string, init: { headers: Record<string, string>; signal: AbortSignal }) => {
      const call = { url, headers: init.headers, signal: init.signal }
      calls.push(call)
      return answer(call)
    },
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (timer: NodeJS.Timeout | undefined) => clearTimeout(timer),
    AbortController,
    URL,
  }
  vm.runInNewContext(script, context)

  function mount(attributes: Record<string, string>, pageLang: string | null = null) {
    const Element = registry.get("retail-financing-as-low-as")
    if (!Element) throw new Error("the script defined no retail-financing-as-low-as")
    const element = new Element()
    element.pageLang = pageLang
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
    element.isConnected = true
    ;(element as unknown as ElementCallbacks).connectedCallback()
    return element
  }

  return { calls, mount, registry, load: () => vm.runInNewContext(script, context) as unknown }
}

const json = (body: unknown, ok = true) => Promise.resolve({ ok, json: () => Promise.resolve(body) })

const ATTRIBUTES = {
  amount: "1299.99",
  "backend-url": "https://api.shop.example.com/",
  "publishable-key": "pk_test",
}

describe("<retail-financing-as-low-as>", () => {
  it("asks the store route for the amount with the publishable key, and says what it answers", async () => {
    const { calls, mount } = page(() => json(OFFER))

    const element = mount(ATTRIBUTES)
    await jest.advanceTimersByTimeAsync(0)

    expect(calls.map(({ url, headers }) => ({ url, headers }))).toEqual([
      {
        url: "https://api.shop.example.com/store/retail-financing/as-low-as?amount=1299.99",
        headers: { "x-publishable-api-key": "pk_test" },
      },
    ])
    expect(element.find("message")?.textContent).toBe("As low as $173.34/mo for 12 months with Sandbox Lease")
    expect(element.find("disclaimer")?.textContent).toBe("Lease-to-own is not a loan.")
    expect(element.find("explanation")?.textContent).toContain(
      "Early buyout: pay $1,429.99 by month 3 (you save 47.6%)."
    )
    expect(element.getAttribute("aria-busy")).toBeNull()
  })

  it('speaks Spanish in a Spanish page (es, es-MX) or with lang="es", English otherwise', async () => {
    const { mount } = page(() => json(OFFER))

    const byPage = mount(ATTRIBUTES, "es-MX")
    const byAttribute = mount({ ...ATTRIBUTES, lang: "es" }, "en")
    const english = mount({ ...ATTRIBUTES, lang: "en-US" }, "es")
    const french = mount(ATTRIBUTES, "fr")
    await jest.advanceTimersByTimeAsync(0)

    for (const element of [byPage, byAttribute]) {
      expect(element.find("message")?.textContent).toBe("Desde $173.34/mes por 12 meses con Sandbox Lease")
      expect(element.find("learn-more")?.textContent).toBe("Más información")
      expect(element.find("explanation")?.textContent).toContain(
        "Compra anticipada: paga $1,429.99 antes del mes 3 (ahorras 47.6%)."
      )
      // The lender's own text stays as the service wrote it.
      expect(element.find("disclaimer")?.textContent).toBe("Lease-to-own is not a loan.")
    }
    for (const element of [english, french]) {
      expect(element.find("message")?.textContent).toBe(
        "As low as $173.34/mo for 12 months with Sandbox Lease"
      )
    }
  })

  it("says the same offer again in the other language when its lang changes", async () => {
    const { calls, mount } = page(() => json(OFFER))
    const element = mount(ATTRIBUTES)
    await jest.advanceTimersByTimeAsync(0)
    element.setAttribute("lang", "es")
    await jest.advanceTimersByTimeAsync(500)
    expect(element.find("message")?.textContent).toMatch(/^Desde /)
    expect(calls).toHaveLength(2)
  })

  it("links to learn-more-url when given one, and only to an http(s) page", async () => {
    const { mount } = page(() => json(OFFER))

    const linked = mount({ ...ATTRIBUTES, "learn-more-url": "/financing" })
    const unsafe = mount({ ...ATTRIBUTES, "learn-more-url": "javascript:alert(1)" })
    await jest.advanceTimersByTimeAsync(0)

    expect(linked.find("learn-more")?.attributes.get("href")).toBe("https://shop.example.com/financing")
    expect(linked.find("details")).toBeUndefined()
    expect(unsafe.find("learn-more")?.tag).toBe("summary")
    expect(unsafe.shadow?.descendants().some((node) => node.attributes.has("href"))).toBe(false)
  })

  it("shows the service's text as text", async () => {
    const name = '<img src=x onerror="alert(1)">'
    const { mount } = page(() =>
      json({ ...OFFER, as_low_as: { ...OFFER.as_low_as, partner_display_name: name, disclaimer: name } })
    )

    const element = mount(ATTRIBUTES)
    await jest.advanceTimersByTimeAsync(0)

    expect(element.find("message")?.textContent).toBe(`As low as $173.34/mo for 12 months with ${name}`)
    expect(element.shadow?.descendants().map((node) => node.tag)).not.toContain("img")
  })

  it.each([
    ["not available", () => json({ ...OFFER, as_low_as: null, available: false, reason: "below_minimum" })],
    ["unavailable", () => json({ ...OFFER, as_low_as: null, available: false, reason: "unavailable" })],
    ["a refusal", () => json({ message: "Publishable API key required" }, false)],
    ["a malformed answer", () => json({ available: true, as_low_as: { monthly_payment: 173.34 } })],
    ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("renders nothing for %s", async (_what, answer) => {
    const { mount } = page(answer)

    const element = mount(ATTRIBUTES)
    await jest.advanceTimersByTimeAsync(0)

    expect(element.shadow?.children).toEqual([])
  })

  it("asks nothing for an amount the route would refuse, or without a publishable key", async () => {
    const { calls, mount } = page(() => json(OFFER))

    mount({ ...ATTRIBUTES, amount: "12.345" })
    mount({ ...ATTRIBUTES, amount: "" })
    mount({ amount: "1299.99" })
    await jest.advanceTimersByTimeAsync(1_000)

    expect(calls).toEqual([])
  })

  it("asks once for the last amount after a burst of changes (a cart being edited)", async () => {
    const { calls, mount } = page(({ url }) =>
      json({ ...OFFER, as_low_as: { ...OFFER.as_low_as, amount: new URL(url).searchParams.get("amount") } })
    )
    const element = mount(ATTRIBUTES)
    await jest.advanceTimersByTimeAsync(0)

    for (const amount of ["1399.99", "1499.99", "1599.99"]) {
      element.setAttribute("amount", amount)
      await jest.advanceTimersByTimeAsync(100)
    }
    expect(calls).toHaveLength(1)
    await jest.advanceTimersByTimeAsync(250)

    expect(calls.map(({ url }) => new URL(url).searchParams.get("amount"))).toEqual(["1299.99", "1599.99"])
  })

  it("never lets a slow answer for an old amount replace the answer for the new one", async () => {
    const pending: ((body: unknown) => void)[] = []
    const { calls, mount } = page(
      () =>
        new Promise((resolve) =>
          pending.push((body) => resolve({ ok: true, json: () => Promise.resolve(body) }))
        )
    )
    const element = mount(ATTRIBUTES)
    await jest.advanceTimersByTimeAsync(0)
    element.setAttribute("amount", "2000.00")
    await jest.advanceTimersByTimeAsync(250)

    expect(calls[0].signal.aborted).toBe(true)
    pending[1]({ ...OFFER, as_low_as: { ...OFFER.as_low_as, monthly_payment: "266.67" } })
    pending[0](OFFER)
    await jest.advanceTimersByTimeAsync(0)

    expect(element.find("payment")?.textContent).toBe("$266.67/mo")
  })

  it("clears the message at once when the amount becomes one that is not financed", async () => {
    const { mount } = page(() => json(OFFER))
    const element = mount(ATTRIBUTES)
    await jest.advanceTimersByTimeAsync(0)
    expect(element.visibleText).toContain("As low as")

    element.setAttribute("amount", "")
    await jest.advanceTimersByTimeAsync(250)

    expect(element.shadow?.children).toEqual([])
  })

  it("asks about the product when given product-id, and shows nothing for one the lender cannot lease", async () => {
    const notLeasable = { ...OFFER, available: false, reason: "not_leasable", as_low_as: null }
    const { calls, mount } = page(({ url }) =>
      url.includes("product_id=prod_plan") ? json(notLeasable) : json(OFFER)
    )

    const plan = mount({ ...ATTRIBUTES, "product-id": "prod_plan" })
    const sofa = mount({ ...ATTRIBUTES, "product-id": "prod_sofa" })
    await jest.advanceTimersByTimeAsync(0)

    expect(calls.map(({ url }) => url)).toEqual([
      "https://api.shop.example.com/store/retail-financing/as-low-as?amount=1299.99&product_id=prod_plan",
      "https://api.shop.example.com/store/retail-financing/as-low-as?amount=1299.99&product_id=prod_sofa",
    ])
    expect(plan.shadow?.children).toEqual([])
    expect(sofa.visibleText).toContain("As low as")
  })

  it("can be loaded twice on a page", () => {
    const { load, registry } = page(() => json(OFFER))

    expect(() => load()).not.toThrow()
    expect(registry.size).toBe(1)
  })
})
