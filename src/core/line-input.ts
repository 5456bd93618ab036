/** One line to tax, already validated and with its category resolved. */
export interface LineInput {
  readonly lineItemId: string;
  readonly referenceLineItemId: string;
  readonly referenceProductId: string;
  readonly productName: string;
  readonly category: string;
  /** The taxable base of the whole line in minor units (amount × quantity already applied). */
  readonly amountMinor: number;
  readonly quantity: number;
}
