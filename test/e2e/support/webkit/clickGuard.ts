// A click that lands on another element than its target is caught and undone, so it can be tried
// again: what Playwright calls hit-target interception. WebDriver's element click measures the
// target's centre and then dispatches the mouse events there; when the page moves in between (a
// dynamic widget arriving above the button and pushing it down), the events hit whatever now lies
// at that point and the target never sees a click. WebDriver reports success, and the test waits
// in vain for what the click should have done (CI, stop 27: the demo's "break a dynamic component"
// button, pushed down by the deals widget arriving a moment late).

/**
 * In-page (arguments[0]: the target element): guards the next click. Each of its pointer and mouse
 * events must land on the element, inside it, on one of its labels, or on the control of a label
 * the element is in (the click a label passes on to its checkbox);
 * from the first one that does not, this event and the rest of the click are stopped before any
 * page handler sees them, and the guard records the miss. WebKit hit-tests the press before the
 * page can move and the release after, so a miss can come on the release: the target then saw a
 * press without a click, which is harmless for what the tests click.
 */
export const GUARD_CLICK = `const el = arguments[0];
  const types = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'];
  const labelled = (a, b) => Array.from(a.labels || []).some((l) => l.contains(b));
  const hits = (t) => el.contains(t) || labelled(el, t) || labelled(t, el);
  const guard = { missed: false, remove: () => types.forEach((type) => window.removeEventListener(type, check, true)) };
  function check(event) {
    if (!guard.missed && hits(event.target)) return;
    guard.missed = true;
    event.stopImmediatePropagation();
    event.preventDefault();
  }
  types.forEach((type) => window.addEventListener(type, check, true));
  window.__tarmacClickGuard = guard;
  return true;`;

/**
 * In-page: removes the guard and says whether the click missed its target. A click that navigated
 * away leaves no guard behind, and counts as delivered.
 */
export const TAKE_GUARD = `const guard = window.__tarmacClickGuard;
  delete window.__tarmacClickGuard;
  if (!guard) return false;
  guard.remove();
  return guard.missed;`;
