/**
 * The product categories (`product_category`, echoed as `product_tax_code`) taxkit accepts, in
 * one table: the code, a one-line description, and whether taxkit added it to the hosted API's
 * published vocabulary (`extension`). The README's category table and `/openapi.json` are
 * generated from it. A category outside this list is INVALID_PRODUCT_CATEGORY. How each
 * category is taxed where is data: the taxability rules in `data/taxability/`.
 *
 * @module
 */

/** One accepted category. */
export interface ProductCategory {
  readonly code: string;
  readonly description: string;
  /** Added by taxkit (not in the hosted API's published list): books, medicines, transport… */
  readonly extension?: true;
}

/** Every accepted category, in the order the README lists them. */
const ENTRIES = [
  { code: 'GENERAL_MERCHANDISE', description: 'Tangible goods taxed at the general rate (the default).' },
  { code: 'EXEMPT', description: 'Never taxed, anywhere (for example add-ons the seller knows to be exempt).' },
  { code: 'NON_TAXABLE', description: 'Not a taxable supply, anywhere (for example a deposit or a donation).' },
  { code: 'PRODUCT_INSURANCE', description: 'Insurance or an extended warranty sold with a product.' },
  { code: 'GIFT_CARDS', description: 'Gift cards and stored-value vouchers (tax is due when they are redeemed).' },
  { code: 'SHIPPING', description: 'A separately stated delivery or shipping charge.' },
  { code: 'CLOTHING', description: 'Clothing and footwear (same as CLOTHING_GENERAL).' },
  { code: 'CLOTHING_GENERAL', description: 'Clothing and footwear for everyday wear.' },
  { code: 'CLOTHING_CHILDREN', description: "Children's clothing and footwear.", extension: true },
  { code: 'SCHOOL_SUPPLIES', description: 'School supplies (pens, paper, binders, backpacks).', extension: true },
  { code: 'COMPUTERS', description: 'Personal computers, laptops and tablets.', extension: true },
  { code: 'FOOD_GENERAL', description: 'Groceries: food for home consumption (not prepared or hot food, not candy).' },
  { code: 'FOOD_PREPARED', description: 'Prepared food and restaurant meals.', extension: true },
  { code: 'CANDY', description: 'Candy, confectionery and chewing gum.', extension: true },
  { code: 'BEVERAGES', description: 'Non-alcoholic, non-carbonated beverages (juice, milk, tea, coffee).' },
  { code: 'BEVERAGE_BOTTLED_WATER', description: 'Bottled drinking water.' },
  { code: 'BEVERAGE_CARBONATED', description: 'Soft drinks: carbonated beverages without fruit or vegetable juice.' },
  {
    code: 'BEVERAGE_CARBONATED_JUICE_0_25_PERCENT',
    description: 'Carbonated beverages with up to 25 % fruit or vegetable juice (soft drinks).',
  },
  {
    code: 'BEVERAGE_CARBONATED_JUICE_25_50_PERCENT',
    description: 'Carbonated beverages with 25–50 % juice (soft drinks).',
  },
  {
    code: 'BEVERAGE_CARBONATED_JUICE_50_70_PERCENT',
    description: 'Carbonated beverages with 50–70 % juice (not soft drinks under the US uniform definition).',
  },
  {
    code: 'BEVERAGE_CARBONATED_JUICE_70_100_PERCENT',
    description: 'Carbonated beverages with 70–100 % juice.',
  },
  { code: 'BEVERAGE_CARBONATED_JUICE_100_PERCENT', description: 'Carbonated 100 % fruit or vegetable juice.' },
  { code: 'BOOKS_PRINTED', description: 'Printed books.', extension: true },
  { code: 'BOOKS_DIGITAL', description: 'E-books and audiobooks supplied electronically.', extension: true },
  { code: 'NEWSPAPERS_PRINTED', description: 'Printed newspapers and periodicals.', extension: true },
  { code: 'NEWSPAPERS_DIGITAL', description: 'Newspapers and periodicals supplied electronically.', extension: true },
  { code: 'MEDICINES_PRESCRIPTION', description: 'Prescription medicines.', extension: true },
  { code: 'MEDICINES_NONPRESCRIPTION', description: 'Over-the-counter (non-prescription) medicines.', extension: true },
  {
    code: 'PASSENGER_TRANSPORT',
    description: 'Passenger transport (tickets for travel by bus, rail, air…).',
    extension: true,
  },
  { code: 'TOBACCO_CIGARETTE', description: 'Cigarettes (sales tax only; excise duties are not calculated).' },
  { code: 'TOBACCO_ECIGARETTE', description: 'E-cigarettes.' },
  { code: 'CIGARETTE_INDIVIDUAL', description: 'Cigarettes sold singly.' },
  { code: 'CIGARETTE_PACK', description: 'Cigarettes by the pack.' },
  { code: 'CIGARETTE_CARTON', description: 'Cigarettes by the carton.' },
  { code: 'CIGARS', description: 'Cigars.' },
  { code: 'TOBACCO_SMOKING', description: 'Smoking tobacco (pipe, roll-your-own).' },
  { code: 'TOBACCO_CHEWING', description: 'Chewing tobacco and snuff.' },
  { code: 'CIGARETTE_ELECTRONIC', description: 'Electronic cigarette devices.' },
  { code: 'VAPOR_NICOTINE', description: 'Vapor products containing nicotine.' },
  { code: 'VAPOR_NO_NICOTINE', description: 'Vapor products without nicotine.' },
  { code: 'PICTURES_PRINTED', description: 'Printed photographs and pictures.' },
  { code: 'PHOTO_BOOKS', description: 'Printed photo books.' },
  { code: 'CONSULTING_SERVICES_GENERAL', description: 'Consulting services.' },
  { code: 'CONSULTING_SERVICES_BUSINESS', description: 'Consulting services to businesses.' },
  { code: 'CONSULTING_SERVICES_PERSONAL', description: 'Consulting services to individuals (coaching, advice).' },
  { code: 'PHOTOGRAPHY_SERVICES_DIGITAL_GENERAL', description: 'Photography services delivered as digital files.' },
  { code: 'PAYMENT_PROCESSING_SERVICES', description: 'Payment processing services.' },
  { code: 'EV_CHARGING', description: 'Electric vehicle charging.' },
  { code: 'SERVICES_GENERAL', description: 'Services not listed elsewhere.' },
  { code: 'ASTROLOGY_SERVICES', description: 'Astrology and psychic services.' },
  { code: 'SAAS_GENERAL', description: 'Software as a service: remotely accessed software, no copy transferred.' },
  { code: 'SOFTWARE_DOWNLOAD', description: 'Prewritten software delivered by download.' },
  { code: 'SOFTWARE_B2B', description: 'Software sold to businesses.' },
  { code: 'SOFTWARE_B2B_LICENSE', description: 'Software licences sold to businesses.' },
  { code: 'SOFTWARE_PERSONAL', description: 'Software for personal use.' },
  { code: 'DIGITAL_VIDEO_STREAMED', description: 'Streamed video (films, series) without permanent rights.' },
  { code: 'DIGITAL_VIDEO_STREAMED_LIVE', description: 'Live-streamed video.' },
  {
    code: 'DIGITAL_AUDIO_NONPERMANENT_USE_RIGHTS_DOWNLOAD',
    description: 'Downloaded audio with time-limited rights (rentals, subscriptions).',
  },
  { code: 'DIGITAL_AUDIO_PERMANENT_USE_RIGHTS_DOWNLOAD', description: 'Downloaded audio the buyer keeps.' },
  { code: 'DIGITAL_AUDIO_STREAMED', description: 'Streamed audio (music, podcasts).' },
  { code: 'DIGITAL_AUDIO_STREAMED_LIVE', description: 'Live-streamed audio.' },
  { code: 'DIGITAL_IMAGES_DOWNLOAD', description: 'Downloaded digital images and photographs.' },
  { code: 'DIGITAL_GRAPHICS_DOWNLOAD', description: 'Downloaded digital graphics (fonts, templates, artwork).' },
  {
    code: 'GENERAL_SAAS_NO_MS_SERVER',
    description: 'Software as a service that does not run on the customer’s server.',
  },
  {
    code: 'GENERAL_SAAS_WITH_MS_SERVER',
    description: 'Software as a service with a component on the customer’s server.',
  },
  {
    code: 'SAAS_WITH_DOWNLOAD_USED',
    description: 'Software as a service that comes with a download the customer uses.',
  },
  {
    code: 'SAAS_WITH_DOWNLOAD_UNUSED',
    description: 'Software as a service with an optional download the customer does not use.',
  },
  { code: 'SAAS_WITH_DATABASE_ACCESS', description: 'Software as a service giving access to a database.' },
] as const satisfies readonly ProductCategory[];

/**
 * A `product_category` taxkit accepts, as a type: the codes of the table below, so the request
 * types (`CalculationRequest`, `ProductRequest`) refuse a typo at compile time, from the same
 * table that validates at run time.
 */
export type ProductCategoryCode = (typeof ENTRIES)[number]['code'];

/** Every accepted category, in the order the README lists them. */
export const PRODUCT_CATEGORY_TABLE: readonly ProductCategory[] = Object.freeze(ENTRIES);

/** The codes of {@link PRODUCT_CATEGORY_TABLE}, for validation. */
export const PRODUCT_CATEGORIES: ReadonlySet<string> = new Set(PRODUCT_CATEGORY_TABLE.map((entry) => entry.code));

/** Categories that are never taxed, wherever the sale is. */
export const ALWAYS_EXEMPT_CATEGORIES: ReadonlySet<string> = new Set(['EXEMPT', 'NON_TAXABLE']);
