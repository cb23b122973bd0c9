/** The verticals the site searches; the id also names the vertical in analytics later. */
export type VerticalId = 'flights' | 'hotels' | 'cars';

/**
 * What changes the form's shape from one vertical to the next. Its wording lives in the page's
 * strings (`search.*`, selected by vertical id), so every language words each vertical its way.
 */
export interface Vertical {
  id: VerticalId;
  /** Hotels have no second place: the form hides "to" when this is false. */
  hasDestination: boolean;
}

/** In tab order. */
export const verticals: readonly Vertical[] = [
  { id: 'flights', hasDestination: true },
  { id: 'hotels', hasDestination: false },
  { id: 'cars', hasDestination: true },
];
