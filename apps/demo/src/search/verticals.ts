/** The verticals the site searches; the id also names the vertical in analytics later. */
export type VerticalId = 'flights' | 'hotels' | 'cars';

/** What changes from one vertical to the next: wording of the same four-part form. */
export interface Vertical {
  id: VerticalId;
  label: string;
  /** Hint in the place inputs, since each vertical searches different kinds of place. */
  placeHint: string;
  headline: string;
  fromLabel: string;
  /** Hotels have no second place: the form hides "to" when this is absent. */
  toLabel?: string;
  startLabel: string;
  endLabel: string;
  travellersLabel: string;
}

/** In tab order. */
export const verticals: readonly Vertical[] = [
  {
    id: 'flights',
    label: 'Flights',
    placeHint: 'City or airport',
    headline: 'Find a flight',
    fromLabel: 'From',
    toLabel: 'To',
    startLabel: 'Depart',
    endLabel: 'Return',
    travellersLabel: 'Travellers',
  },
  {
    id: 'hotels',
    label: 'Hotels',
    placeHint: 'City, area or hotel name',
    headline: 'Find a place to stay',
    fromLabel: 'Destination',
    startLabel: 'Check-in',
    endLabel: 'Check-out',
    travellersLabel: 'Guests',
  },
  {
    id: 'cars',
    label: 'Cars',
    placeHint: 'City, airport or station',
    headline: 'Rent a car',
    fromLabel: 'Pick-up location',
    toLabel: 'Drop-off location',
    startLabel: 'Pick-up date',
    endLabel: 'Drop-off date',
    travellersLabel: 'Drivers',
  },
];
