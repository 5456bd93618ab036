/** Whether a line is a supply of goods or of services, as the EU one-stop-shop return keeps them apart. */
export type SupplyKind = 'goods' | 'services';

/**
 * The product categories that are services in EU VAT (Directive 2006/112/EC, Art. 24: a
 * service is any transaction that is not a supply of goods). Electronically supplied content
 * (software, streaming, downloads, e-books) is a service (Art. 58 and Annex II); passenger
 * transport, insurance and payment processing are services. Electricity, such as EV charging,
 * is treated as tangible property (Art. 15(1)), and so is a goods category; a shipping charge
 * follows the goods it delivers. Every category not listed here is goods.
 */
const SERVICE_CATEGORIES: ReadonlySet<string> = new Set([
  'PRODUCT_INSURANCE',
  'BOOKS_DIGITAL',
  'NEWSPAPERS_DIGITAL',
  'PASSENGER_TRANSPORT',
  'CONSULTING_SERVICES_GENERAL',
  'CONSULTING_SERVICES_BUSINESS',
  'CONSULTING_SERVICES_PERSONAL',
  'PHOTOGRAPHY_SERVICES_DIGITAL_GENERAL',
  'PAYMENT_PROCESSING_SERVICES',
  'SERVICES_GENERAL',
  'ASTROLOGY_SERVICES',
  'SAAS_GENERAL',
  'SOFTWARE_DOWNLOAD',
  'SOFTWARE_B2B',
  'SOFTWARE_B2B_LICENSE',
  'SOFTWARE_PERSONAL',
  'DIGITAL_VIDEO_STREAMED',
  'DIGITAL_VIDEO_STREAMED_LIVE',
  'DIGITAL_AUDIO_NONPERMANENT_USE_RIGHTS_DOWNLOAD',
  'DIGITAL_AUDIO_PERMANENT_USE_RIGHTS_DOWNLOAD',
  'DIGITAL_AUDIO_STREAMED',
  'DIGITAL_AUDIO_STREAMED_LIVE',
  'DIGITAL_IMAGES_DOWNLOAD',
  'DIGITAL_GRAPHICS_DOWNLOAD',
  'GENERAL_SAAS_NO_MS_SERVER',
  'GENERAL_SAAS_WITH_MS_SERVER',
  'SAAS_WITH_DOWNLOAD_USED',
  'SAAS_WITH_DOWNLOAD_UNUSED',
  'SAAS_WITH_DATABASE_ACCESS',
]);

/** The kind of supply a line of `productTaxCode` is. */
export function supplyKindOf(productTaxCode: string): SupplyKind {
  return SERVICE_CATEGORIES.has(productTaxCode) ? 'services' : 'goods';
}
