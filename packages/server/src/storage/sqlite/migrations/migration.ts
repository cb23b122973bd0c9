/** A numbered schema change. Numbers only grow; a shipped migration is never edited. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}
