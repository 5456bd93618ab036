/** One line to tax, already validated and with its category resolved. */
export interface LineInput {
  readonly lineItemId: string;
  readonly referenceLineItemId: string;
  readonly referenceProductId: string;
  readonly productName: string;
  /** The taxkit category the line is taxed by. */
  readonly category: string;
  /**
   * The `product_category` as sent when it was another engine's code (`txcd_30011000`): echoed
   * as the line's `product_tax_code`, while {@link category} is what the crosswalk read it as.
   */
  readonly code?: string | undefined;
  /** What the crosswalk said of {@link code}; starts each of the line's jurisdiction notes. */
  readonly codeNotice?: string | undefined;
  /** The taxable base of the whole line in minor units (amount × quantity already applied). */
  readonly amountMinor: number;
  readonly quantity: number;
}
