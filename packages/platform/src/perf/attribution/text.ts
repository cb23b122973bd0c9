import { cleanString } from '../../logger/scrub.js';

/** Bounds of the wire contract: selectors, URLs and other strings. */
export const SELECTOR_MAX = 200;
export const URL_MAX = 500;
export const TEXT_MAX = 100;

/** A URL as it may leave the page: no query string or fragment (tokens live there), no e-mail, bounded. */
export const cleanUrl = (url: string): string => cleanString(url.replace(/[?#][^]*$/, ''), URL_MAX);

/**
 * A short CSS selector for `node`, in the manner of web-vitals' `getSelector`: tag and sorted
 * classes per level, joined by `>`, stopping at the first ancestor with an id (unique enough and
 * stable across builds) or when the next level would pass 100 characters.
 */
export function selectorOf(node: Node | null | undefined): string | undefined {
  let selector = '';
  try {
    // A text node (a shifted line of text) is named by its element.
    for (let el = (node?.nodeType === 1 ? node : node?.parentElement) as Element | null | undefined; el; el = el.parentElement) {
      const part = el.id ? '#' + el.id : [el.localName, ...Array.from(el.classList).sort()].join('.');
      if (selector.length + part.length > 99) return cleanString(selector || part, SELECTOR_MAX);
      selector = selector ? part + '>' + selector : part;
      if (el.id) break;
    }
  } catch {
    // a node from another realm or a torn-down document: whatever was built so far
  }
  return selector ? cleanString(selector, SELECTOR_MAX) : undefined;
}
