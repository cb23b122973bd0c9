import type { NewConsentChoice } from './consentStorage.js';
import type { ConsentCountry, ConsentDay } from './contract.js';
import type { NewUsnatChoice } from './usnatContract.js';

/** What a writer calls. */
export interface ConsentIngest {
  /** Durable before it resolves: a returning visitor must find it. */
  insertConsentChoice(choice: NewConsentChoice): Promise<void>;
  /** A US National choice; durable before it resolves, like a TCF choice. */
  insertUsnatChoice(choice: NewUsnatChoice): Promise<void>;
}

/** What the consent service and the console read. */
export interface ConsentQuery {
  /** The visitor's newest choice, or null. */
  latestConsentChoice(visitorId: string): Promise<NewConsentChoice | null>;
  /** UTC days in [since, until), oldest first, only days with choices. */
  consentSummary(range: { since: number; until: number }): Promise<ConsentDay[]>;
  /** The visitor's newest US choice, or null. */
  latestUsnatChoice(visitorId: string): Promise<NewUsnatChoice | null>;
  /** TCF choices and US opt-outs per country in [since, until): each visitor once, by their last choice. */
  consentCountries(range: { since: number; until: number }): Promise<ConsentCountry[]>;
}
