// Runs inside the WebKit page (sent as source through WebDriver's Execute Script): resolves a
// Playwright-like locator chain to elements. Roles and accessible names follow the ARIA rules the
// tests rely on (implicit roles of common elements; name from aria-labelledby, aria-label, label,
// alt, content); they are not a full accessibility-tree computation.

/** One step of a locator chain. */
export type Step =
  | { css: string }
  | { testId: string }
  | { role: string; name?: string | { source: string; flags: string }; exact?: boolean }
  | { text: string | { source: string; flags: string }; exact?: boolean }
  | { hasText: string | { source: string; flags: string } }
  | { nth: number };

function resolveInPage(steps: Step[]): Element[] {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  const matches = (value: string, want: string | { source: string; flags: string }, exact?: boolean) => {
    const text = norm(value);
    if (typeof want !== 'string') return new RegExp(want.source, want.flags).test(text);
    return exact ? text === norm(want) : text.toLowerCase().includes(norm(want).toLowerCase());
  };
  const hidden = (el: Element): boolean => {
    if (el.closest('[aria-hidden="true"],[hidden]')) return true;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') return true;
    for (let e: Element | null = el; e; e = e.parentElement) if (getComputedStyle(e).display === 'none') return true;
    return false;
  };
  const implicitRole = (el: Element): string => {
    const tag = el.tagName.toLowerCase();
    const type = (el.getAttribute('type') || '').toLowerCase();
    const named = el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
    if (tag === 'button') return 'button';
    if (tag === 'a' || tag === 'area') return el.hasAttribute('href') ? 'link' : '';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'input') {
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      if (type === 'range') return 'slider';
      if (type === 'number') return 'spinbutton';
      if (type === 'search') return el.hasAttribute('list') ? 'combobox' : 'searchbox';
      if (type === 'hidden') return '';
      return el.hasAttribute('list') ? 'combobox' : 'textbox';
    }
    if (tag === 'textarea') return 'textbox';
    if (tag === 'select') return el.hasAttribute('multiple') || Number(el.getAttribute('size')) > 1 ? 'listbox' : 'combobox';
    const simple: Record<string, string> = {
      nav: 'navigation', main: 'main', aside: 'complementary', ul: 'list', ol: 'list', li: 'listitem', dialog: 'dialog',
      table: 'table', tr: 'row', td: 'cell', th: 'columnheader', option: 'option', article: 'article', fieldset: 'group',
      progress: 'progressbar', summary: 'button', output: 'status', dl: 'list', hr: 'separator',
    };
    if (simple[tag]) return simple[tag];
    if (tag === 'img') return el.getAttribute('alt') === '' ? 'presentation' : 'img';
    if (tag === 'form') return named ? 'form' : '';
    if (tag === 'section') return named ? 'region' : '';
    if (tag === 'header') return el.closest('article,aside,main,nav,section') ? '' : 'banner';
    if (tag === 'footer') return el.closest('article,aside,main,nav,section') ? '' : 'contentinfo';
    return '';
  };
  const role = (el: Element) => (el.getAttribute('role') || '').trim().split(/\s+/)[0] || implicitRole(el);
  const textOf = (node: Node): string => {
    if (node.nodeType === 3) return node.textContent || '';
    if (node.nodeType !== 1) return '';
    const el = node as Element;
    if (el.getAttribute('aria-hidden') === 'true' || ['SCRIPT', 'STYLE', 'TEMPLATE'].includes(el.tagName)) return '';
    if (el.hasAttribute('aria-label')) return el.getAttribute('aria-label') || '';
    if (el.tagName === 'IMG') return el.getAttribute('alt') || '';
    let out = '';
    el.childNodes.forEach((c) => (out += textOf(c) + (c.nodeType === 1 && getComputedStyle(c as Element).display !== 'inline' ? ' ' : '')));
    return out;
  };
  const nameOf = (el: Element): string => {
    const by = el.getAttribute('aria-labelledby');
    if (by) return by.split(/\s+/).map((id) => { const t = document.getElementById(id); return t ? textOf(t) : ''; }).join(' ');
    if (el.hasAttribute('aria-label')) return el.getAttribute('aria-label') || '';
    const tag = el.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') {
      const input = el as HTMLInputElement;
      if (['button', 'submit', 'reset'].includes(input.type)) return input.value || (input.type === 'submit' ? 'Submit' : '');
      const labels = input.labels ? Array.from(input.labels).map(textOf).join(' ') : '';
      return labels || el.getAttribute('title') || el.getAttribute('placeholder') || '';
    }
    if (tag === 'IMG') return el.getAttribute('alt') || el.getAttribute('title') || '';
    const fromContent = ['button', 'link', 'heading', 'tab', 'option', 'cell', 'columnheader', 'checkbox', 'radio', 'menuitem', 'switch', 'listitem', 'row', 'treeitem'];
    if (fromContent.includes(role(el))) return textOf(el) || el.getAttribute('title') || '';
    return el.getAttribute('title') || '';
  };
  let current: Element[] = [document.documentElement];
  for (const step of steps) {
    const next: Element[] = [];
    const add = (el: Element) => { if (!next.includes(el)) next.push(el); };
    if ('nth' in step) {
      const el = step.nth < 0 ? current[current.length + step.nth] : current[step.nth];
      current = el ? [el] : [];
      continue;
    }
    if ('hasText' in step) {
      current = current.filter((el) => matches(el.textContent || '', step.hasText));
      continue;
    }
    for (const root of current) {
      const all = (sel: string) => Array.from((root === document.documentElement ? document : root).querySelectorAll(sel));
      if ('css' in step) all(step.css).forEach(add);
      else if ('testId' in step) all(`[data-testid=${JSON.stringify(step.testId)}]`).forEach(add);
      else if ('role' in step) {
        all('*').filter((el) => role(el) === step.role && !hidden(el) && (step.name === undefined || matches(nameOf(el), step.name, step.exact))).forEach(add);
      } else {
        // Inside a locator the scope itself may hold the text, as in Playwright
        // (getByTestId('group-state').getByText('Resolved in') matches that span).
        const pool = root === document.documentElement ? all('body *') : [root, ...all('*')];
        const candidates = pool.filter((el) => !['SCRIPT', 'STYLE', 'HEAD', 'TITLE'].includes(el.tagName) && matches(el.textContent || '', step.text, step.exact));
        candidates.filter((el) => !Array.from(el.children).some((c) => candidates.includes(c))).forEach(add);
      }
    }
    current = next;
  }
  return current;
}

/** The resolver's source, to define it in a page: `(resolveInPage)(steps)`. */
export const resolverSource = resolveInPage.toString();
