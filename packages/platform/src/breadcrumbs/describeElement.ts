// What a click most likely meant: the link or button around the clicked node, not the icon
// or label inside it.
const CONTROL = 'a,button,[role=button]';

/**
 * A clicked element as `button#id.class.other "text"`: tag, id, up to two classes and up to 40
 * characters of its text. Form values are never read: they are what visitors type, and the
 * trail must not carry personal data.
 */
export function describeElement(target: EventTarget | null): string {
  const node = target as Element;
  const el = node.closest?.(CONTROL) ?? node;
  const classes = [...(el.classList ?? [])].slice(0, 2).join('.');
  const text = (el.textContent || '').trim().slice(0, 40);
  return (el.localName || '') + (el.id ? '#' + el.id : '') + (classes && '.' + classes) + (text && ` "${text}"`);
}
