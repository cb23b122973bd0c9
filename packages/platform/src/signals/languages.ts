/** The visitor's language list, or the single `language` in browsers without the list. */
export function readLanguages(nav: Navigator = navigator): string[] {
  return Array.from(nav.languages || [nav.language]).slice(0, 10);
}
