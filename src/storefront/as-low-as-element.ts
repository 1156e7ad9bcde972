/*
 * <retail-financing-as-low-as>: "As low as $173.34/mo for 12 months with <partner>" for a product or cart
 * page, from the plugin's store route. Framework-free and dependency-free.
 *
 *   <script type="module" src="https://api.shop.example.com/retail-financing/as-low-as.js"></script>
 *   <retail-financing-as-low-as
 *     amount="1299.99"                              dollars, as the shopper sees them (a cart total too)
 *     product-id="prod_..."                         on a product page: nothing for a product the lender
 *                                                   cannot lease (a gift card, a protection plan)
 *     backend-url="https://api.shop.example.com"    the Medusa server; the page's own origin when left out
 *     publishable-key="pk_..."                      the storefront's publishable API key
 *     learn-more-url="https://shop.example.com/financing"   optional; otherwise an inline explanation
 *     lang="es"                                     optional; otherwise the nearest `lang` of the page
 *   ></retail-financing-as-low-as>
 *
 * It speaks English, or Spanish when its language (its own `lang`, else the page's) is `es` or a regional
 * Spanish such as `es-MX`. It renders nothing until there is an offer, and nothing when the amount is not financed or the service
 * cannot answer. Changing `amount` (a cart update) asks again after a short pause. Text from the service is
 * only ever set as text, never parsed as HTML.
 *
 * Theming: parts `message`, `payment`, `disclaimer`, `learn-more`, `details`, `explanation`, and custom
 * properties --retail-financing-color, --retail-financing-accent, --retail-financing-muted,
 * --retail-financing-link-color, --retail-financing-font-size, --retail-financing-disclaimer-size.
 *
 * This file is a plain script (no import or export), so TypeScript's build emits it as it will run in a
 * browser. Served by the plugin at /retail-financing/as-low-as.js; copy it to host it yourself.
 */
;(() => {
  // The plugin's server build has no DOM library (it would let server code use browser globals), so the few
  // DOM members used here are declared here, inside this function, where nothing else can see them.
  interface DomNode {
    textContent: string | null
    setAttribute(name: string, value: string): void
    append(...children: (DomNode | string)[]): void
  }
  interface HostElement extends DomNode {
    readonly isConnected: boolean
    closest(selector: string): { getAttribute(name: string): string | null } | null
    getAttribute(name: string): string | null
    removeAttribute(name: string): void
    attachShadow(init: { mode: "open" }): { replaceChildren(...children: DomNode[]): void }
  }
  interface Dom {
    HTMLElement: new () => HostElement
    customElements: {
      get(name: string): unknown
      define(name: string, constructor: new () => HostElement): void
    }
    document: { baseURI: string; createElement(tag: string): DomNode }
  }

  const TAG = "retail-financing-as-low-as"
  const ROUTE = "/store/retail-financing/as-low-as"
  /** Typing in a quantity or clicking +/- several times asks once, for the last amount. */
  const DEBOUNCE_MS = 250
  /** The store route's own rule, checked first so a bad attribute costs no request. */
  const DOLLARS = /^\d+(\.\d{1,2})?$/

  const STYLE = `
    :host { display: block; color: var(--retail-financing-color, inherit); font: inherit; }
    :host([hidden]) { display: none; }
    .message { margin: 0; font-size: var(--retail-financing-font-size, 0.95em); }
    .payment { font-weight: 600; color: var(--retail-financing-accent, inherit); }
    .disclaimer, .explanation {
      margin: 0.25em 0 0;
      font-size: var(--retail-financing-disclaimer-size, 0.75em);
      color: var(--retail-financing-muted, #6b7280);
    }
    a, summary { color: var(--retail-financing-link-color, inherit); cursor: pointer; }
    details { font-size: var(--retail-financing-disclaimer-size, 0.75em); }
  `

  interface Offer {
    monthlyPayment: string
    months: number
    partner: string
    disclaimer: string | null
    buyouts: { month: number; payment: string; savingsPercentage: number }[]
  }

  const dom = globalThis as unknown as Dom

  /**
   * The element's words in each language it speaks: English, and Spanish for `es` and any regional Spanish
   * (`es-US`, `es-MX`), as the plugin's server chooses. The lender's own text (partner name, disclaimer)
   * is shown as the service gives it.
   */
  interface Words {
    money: Intl.NumberFormat
    asLowAs: string
    perMonth: string
    forMonths(months: number, partner: string): string
    learnMore: string
    buyout(payment: string, month: number, savingsPercentage: number): string
    explanation(partner: string, payment: string, months: number, buyouts: string[]): string
  }
  const WORDS: Record<"en" | "es", Words> = {
    en: {
      money: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }),
      asLowAs: "As low as ",
      perMonth: "/mo",
      forMonths: (months, partner) => ` for ${months} months with ${partner}`,
      learnMore: "Learn more",
      buyout: (payment, month, savings) => `${payment} by month ${month} (you save ${savings}%)`,
      explanation: (partner, payment, months, buyouts) =>
        `Choose to pay over time at checkout and apply with ${partner}. ${payment} for ${months} months is ` +
        "the lowest payment offered for this amount; yours depends on your application." +
        (buyouts.length ? ` Early buyout: pay ${buyouts.join(", or ")}.` : ""),
    },
    es: {
      money: new Intl.NumberFormat("es-US", { style: "currency", currency: "USD" }),
      asLowAs: "Desde ",
      perMonth: "/mes",
      forMonths: (months, partner) => ` por ${months} meses con ${partner}`,
      learnMore: "Más información",
      buyout: (payment, month, savings) => `${payment} antes del mes ${month} (ahorras ${savings}%)`,
      explanation: (partner, payment, months, buyouts) =>
        `Elige pagar a plazos al pagar y haz tu solicitud con ${partner}. ${payment} por ${months} meses es ` +
        "el pago más bajo que se ofrece para este monto; el tuyo depende de tu solicitud." +
        (buyouts.length ? ` Compra anticipada: paga ${buyouts.join(", o ")}.` : ""),
    },
  }

  /** The element's `lang`, else the nearest one on the page: Spanish for any `es`, English otherwise. */
  function languageOf(host: HostElement): Words {
    const tag = host.getAttribute("lang") || host.closest("[lang]")?.getAttribute("lang") || ""
    return tag.trim().toLowerCase().split(/[-_]/)[0] === "es" ? WORDS.es : WORDS.en
  }

  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === "object" && value !== null

  /** Only what a well-formed answer of the store route holds; anything else shows nothing. */
  function offerOf(body: unknown): Offer | null {
    if (!isRecord(body) || body.available !== true || !isRecord(body.as_low_as)) return null
    const offer = body.as_low_as
    const { monthly_payment, months, partner_display_name, disclaimer, early_buyout_options } = offer
    if (typeof monthly_payment !== "string" || !DOLLARS.test(monthly_payment)) return null
    if (typeof months !== "number" || typeof partner_display_name !== "string") return null
    const buyouts = Array.isArray(early_buyout_options) ? early_buyout_options : []
    return {
      monthlyPayment: monthly_payment,
      months,
      partner: partner_display_name,
      disclaimer: typeof disclaimer === "string" && disclaimer ? disclaimer : null,
      buyouts: buyouts.flatMap((buyout: unknown) =>
        isRecord(buyout) &&
        typeof buyout.month === "number" &&
        typeof buyout.payment === "string" &&
        typeof buyout.savings_percentage === "number"
          ? [{ month: buyout.month, payment: buyout.payment, savingsPercentage: buyout.savings_percentage }]
          : []
      ),
    }
  }

  function element(tag: string, part: string, ...children: (DomNode | string)[]): DomNode {
    const node = dom.document.createElement(tag)
    node.setAttribute("part", part)
    node.setAttribute("class", part)
    node.append(...children)
    return node
  }

  /** Only http(s) links, so an attribute can never become a javascript: URL. */
  function safeLink(value: string | null): string | null {
    if (!value) return null
    try {
      const url = new URL(value, dom.document.baseURI)
      return url.protocol === "https:" || url.protocol === "http:" ? url.href : null
    } catch {
      return null
    }
  }

  function styleSheet(): DomNode {
    const style = dom.document.createElement("style")
    style.textContent = STYLE
    return style
  }

  function render(offer: Offer, learnMoreUrl: string | null, words: Words): DomNode[] {
    const money = (dollars: string) => words.money.format(Number(dollars))
    const payment = `${money(offer.monthlyPayment)}${words.perMonth}`
    const message = element(
      "p",
      "message",
      words.asLowAs,
      element("strong", "payment", payment),
      words.forMonths(offer.months, offer.partner)
    )
    const nodes = [message]
    if (learnMoreUrl) {
      const link = element("a", "learn-more", words.learnMore)
      link.setAttribute("href", learnMoreUrl)
      link.setAttribute("target", "_blank")
      link.setAttribute("rel", "noopener")
      message.append(" ", link)
    } else {
      const buyouts = offer.buyouts.map((buyout) =>
        words.buyout(money(buyout.payment), buyout.month, buyout.savingsPercentage)
      )
      nodes.push(
        element(
          "details",
          "details",
          element("summary", "learn-more", words.learnMore),
          element("p", "explanation", words.explanation(offer.partner, payment, offer.months, buyouts))
        )
      )
    }
    if (offer.disclaimer) nodes.push(element("p", "disclaimer", offer.disclaimer))
    return nodes
  }

  class RetailFinancingAsLowAs extends dom.HTMLElement {
    static readonly observedAttributes = [
      "amount",
      "product-id",
      "backend-url",
      "publishable-key",
      "learn-more-url",
      "lang",
    ]

    private readonly root = this.attachShadow({ mode: "open" })
    // Not `style`: that would hide HTMLElement's own `style` from the page's scripts.
    private readonly sheet = styleSheet()
    private timer: ReturnType<typeof setTimeout> | undefined
    private request: AbortController | undefined
    /** The request whose answer is on screen, so an unchanged one is not sent again. */
    private shown = ""

    connectedCallback(): void {
      this.schedule(0)
    }

    disconnectedCallback(): void {
      clearTimeout(this.timer)
      this.request?.abort()
      this.shown = ""
    }

    attributeChangedCallback(_name: string, previous: string | null, next: string | null): void {
      if (previous !== next && this.isConnected) this.schedule(DEBOUNCE_MS)
    }

    private schedule(delayMs: number): void {
      clearTimeout(this.timer)
      this.timer = setTimeout(() => void this.refresh(), delayMs)
    }

    private async refresh(): Promise<void> {
      const amount = (this.getAttribute("amount") ?? "").trim()
      const backendUrl = (this.getAttribute("backend-url") ?? "").trim().replace(/\/+$/, "")
      const publishableKey = (this.getAttribute("publishable-key") ?? "").trim()
      const productId = (this.getAttribute("product-id") ?? "").trim()
      const learnMoreUrl = safeLink(this.getAttribute("learn-more-url"))
      const words = languageOf(this)
      const url =
        `${backendUrl}${ROUTE}?amount=${encodeURIComponent(amount)}` +
        (productId ? `&product_id=${encodeURIComponent(productId)}` : "")
      // The words too: a page that switches its language shows the same offer in the other one.
      const wanted = `${url} ${publishableKey} ${learnMoreUrl ?? ""} ${words.asLowAs}`
      // A request for another amount may still be out: its answer must not land after this one.
      this.request?.abort()
      this.request = undefined
      if (wanted === this.shown) return this.removeAttribute("aria-busy")
      if (!DOLLARS.test(amount) || !publishableKey) return this.show(null, wanted)

      const request = new AbortController()
      this.request = request
      this.setAttribute("aria-busy", "true")
      let offer: Offer | null = null
      try {
        const response = await fetch(url, {
          headers: { "x-publishable-api-key": publishableKey },
          credentials: "omit",
          signal: request.signal,
        })
        offer = response.ok ? offerOf(await response.json()) : null
      } catch {
        // Aborted for a newer amount, offline, or refused: nothing to show for this one.
      }
      if (request.signal.aborted) return
      this.show(offer && render(offer, learnMoreUrl, words), wanted)
    }

    private show(nodes: DomNode[] | null, wanted: string): void {
      this.shown = wanted
      this.removeAttribute("aria-busy")
      this.root.replaceChildren(...(nodes ? [this.sheet, ...nodes] : []))
    }
  }

  // Loading the script twice (served and self-hosted) must not throw.
  if (!dom.customElements.get(TAG)) dom.customElements.define(TAG, RetailFinancingAsLowAs)
})()
