import { fieldMap } from './field-map.ts';

/** Where the fields of the core's `Address` sit in a wire address (`postalCode` -> `address_postal_code`). */
export const addressFields = fieldMap({
  line1: 'address_line_1',
  line2: 'address_line_2',
  city: 'address_city',
  province: 'address_province',
  postalCode: 'address_postal_code',
  country: 'address_country',
});
