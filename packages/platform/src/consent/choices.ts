/**
 * What the banner sends to `POST /i/api/iabtcf/v1/consent` (docs/consent.md). The server turns
 * it into a TC string against its vendor list, so the browser never encodes one.
 */
export interface ConsentChoices {
  choice: 'accept_all' | 'reject_all' | 'custom';
  /** Purposes consented to (custom only). */
  purposes?: number[];
  /** Special features opted into (custom only). */
  specialFeatures?: number[];
  /** Vendors consented to (custom only). */
  vendors?: number[];
  /** Right to object (custom only): purposes whose legitimate interest the visitor refuses. */
  objectedPurposes?: number[];
  /** Right to object (custom only): vendors whose legitimate interest the visitor refuses. */
  objectedVendors?: number[];
  /** The banner's language, recorded with the choice ('en' | 'es'). */
  language?: string;
}
