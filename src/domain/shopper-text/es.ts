import type { AmountRange, ShopperCatalogue } from "./en"
import { formatMoney, listInWords } from "./language"

const money = (cents: number) => formatMoney("es", cents)
const PHONE = "Escribe un número de celular de EE. UU., por ejemplo 512-555-0100."

function range({ min, max }: AmountRange): string {
  if (min !== undefined && max !== undefined) return `de ${money(min)} a ${money(max)}`
  return min !== undefined ? `de ${money(min)} o más` : `de hasta ${money(max ?? 0)}`
}

/**
 * The shopper's sentences in US Spanish, the informal "tú" a store's checkout uses. Typed by the English
 * catalogue, so a key missing here, or one taking other values, does not compile; a unit test checks the
 * same both ways at run time.
 */
export const ES: ShopperCatalogue = {
  cart_completed: () => "Este carrito ya se convirtió en un pedido.",
  region_not_enabled: () => "Pagar a plazos no está disponible en tu región.",
  currency_not_usd: () => "Pagar a plazos solo está disponible para pedidos en dólares estadounidenses.",
  cart_empty: () => "Agrega un artículo a tu carrito para pagar a plazos.",
  total_not_positive: () => "Pagar a plazos solo está disponible para pedidos con un total mayor que $0.00.",
  total_below_minimum: (limits) => `Pagar a plazos está disponible para pedidos ${range(limits)}.`,
  total_above_maximum: (limits) => `Pagar a plazos está disponible para pedidos ${range(limits)}.`,
  address_not_us: () => "Escribe una dirección de facturación en Estados Unidos para pagar a plazos.",
  state_not_financed: ({ state }) => `Pagar a plazos no está disponible para direcciones en ${state}.`,
  first_name_missing: () => "Escribe tu nombre.",
  first_name_too_long: ({ max }) => `Acorta tu nombre a ${max} caracteres o menos.`,
  last_name_missing: () => "Escribe tu apellido.",
  last_name_too_long: ({ max }) => `Acorta tu apellido a ${max} caracteres o menos.`,
  phone_missing: () => PHONE,
  phone_not_us_mobile: () => PHONE,
  email_invalid: () => "Escribe un correo electrónico válido, por ejemplo nombre@ejemplo.com.",
  email_too_long: ({ max }) => `Acorta el correo electrónico a ${max} caracteres o menos.`,
  street_missing: () => "Escribe la calle y el número.",
  street_too_long: ({ max }) =>
    `Acorta la dirección a ${max} caracteres o menos; el apartamento o la suite van en la segunda línea.`,
  po_box: () =>
    "Escribe una dirección con calle: no se puede pagar a plazos con un apartado postal (PO box).",
  suite_too_long: ({ max }) => `Acorta el número de apartamento o suite a ${max} caracteres o menos.`,
  city_missing: () => "Escribe la ciudad.",
  city_too_long: ({ max }) => `Acorta la ciudad a ${max} caracteres o menos.`,
  state_invalid: () => "Escribe un estado de EE. UU., por ejemplo TX.",
  zip_invalid: () => "Escribe un código postal (ZIP) de EE. UU. de 5 dígitos, por ejemplo 78701.",
  application_invalid: () =>
    "No podemos ofrecer pagar a plazos para este carrito. Elige otra forma de pago, por favor.",
  items_not_leasable: ({ titles, count }) =>
    `No se puede pagar a plazos ${listInWords("es", titles)}. ` +
    `${count === 1 ? "Quítalo" : "Quítalos"} para pagar a plazos, o elige otra forma de pago.`,

  service_unavailable: () =>
    "El servicio de financiamiento no está disponible en este momento; inténtalo de nuevo o elige otra forma de pago.",
  service_timeout: () =>
    "El servicio de financiamiento no respondió a tiempo; inténtalo de nuevo o elige otra forma de pago.",
  service_not_found: () => "El servicio de financiamiento no reconoce esta solicitud.",
  service_refused: () =>
    "El servicio de financiamiento rechazó esta solicitud. Elige otra forma de pago, por favor.",
  service_unusable: () =>
    "No se pudo hacer la solicitud de financiamiento. Elige otra forma de pago, por favor.",

  exception_cart_changed: () =>
    "Tu carrito cambió después de que hiciste la solicitud, así que este contrato no coincide con él. " +
    "Vuelve a pagar, por favor; la tienda cancelará el contrato anterior.",
  exception_customer_details_changed: () =>
    "Tu nombre, tus datos de contacto o tu dirección cambiaron después de que hiciste la solicitud, así que " +
    "este contrato no coincide con tu pedido. Vuelve a pagar, por favor; la tienda cancelará el contrato anterior.",
  exception_superseded: () =>
    "Firmaste una solicitud anterior para este carrito; solo la más reciente puede hacer el pedido. " +
    "Completa la solicitud más reciente, por favor; la tienda cancelará el contrato anterior.",
  exception_completion_failed: () =>
    "Tu contrato está firmado, pero la tienda todavía no pudo hacer el pedido (puede que un artículo esté " +
    "agotado). La tienda ya lo sabe y se comunicará contigo.",
  exception_session_deleted: () =>
    "Esta solicitud ya no pertenece a tu compra. Vuelve a pagar, por favor; la tienda cancelará el contrato anterior.",
  exception_contract_short: () =>
    "Tu contrato cubre menos que el total de tu carrito, así que no se pudo hacer el pedido. Comunícate con " +
    "la tienda o elige otra forma de pago, por favor.",

  financing_order_placed: () => "Tu pedido está hecho y lo pagas a plazos.",
  financing_waiting: () =>
    "Tu solicitud está en proceso y la tienda está haciendo tu pedido. Esta página se actualizará en un momento.",
  financing_declined: () =>
    "Tu solicitud no fue aprobada, así que no se hizo ningún pedido y no debes nada. Elige otra forma de pago, por favor.",
  financing_left: () =>
    "Tu solicitud se canceló o venció, así que no se hizo ningún pedido y no debes nada. " +
    "Puedes elegir pagar a plazos otra vez u otra forma de pago.",
  financing_not_started: () =>
    "No terminaste una solicitud para este carrito. Puedes elegir pagar a plazos al pagar.",
  financing_paid_another_way: () => "Tu pedido está hecho y se pagó de otra forma, no a plazos.",
  financing_signed_paid_another_way: () =>
    "Tu pedido se hizo y se pagó de otra forma, así que el contrato que firmaste no hace falta. La tienda " +
    "ya lo sabe y lo cancelará.",
  financing_nothing_owed: () => "No debes nada por ese contrato.",
  financing_in_store_payment: ({ cents }) =>
    `Tu contrato no cubre ${money(cents)} de este pedido: todavía le debes esa cantidad a la tienda.`,
  financing_in_store_contact: () => "La tienda se comunicará contigo para decirte cómo pagarla.",
  cart_not_found: () => "No encontramos este carrito. Regresa a tu carrito y vuelve a pagar, por favor.",
}
