import type { NewConsentChoice } from './consentStorage.js';
import type { ConsentDay } from './contract.js';

/** What a writer calls. */
export interface ConsentIngest {
  /** Durable before it resolves: a returning visitor must find it. */
  insertConsentChoice(choice: NewConsentChoice): Promise<void>;
}

/** What the consent service and the console read. */
export interface ConsentQuery {
  /** The visitor's newest choice, or null. */
  latestConsentChoice(visitorId: string): Promise<NewConsentChoice | null>;
  /** UTC days in [since, until), oldest first, only days with choices. */
  consentSummary(range: { since: number; until: number }): Promise<ConsentDay[]>;
}
