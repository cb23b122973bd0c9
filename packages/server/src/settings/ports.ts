/** Named text values shared by every instance on the store. */
export interface SettingsPort {
  /** Null when never set. */
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  /**
   * The stored value, or `value` stored now when there is none: of many instances starting
   * together with different candidates (a fresh secret each), all end up with the same one.
   */
  getOrCreate(key: string, value: string): Promise<string>;
}
