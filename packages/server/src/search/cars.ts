import type { CarClass, CarOffer, Transmission } from './contract.js';
import type { City } from './places.js';
import { distanceKm, toPlace } from './places.js';
import { seededRandom, shopPrice } from './random.js';

interface ClassSpec {
  models: string[];
  seats: number;
  doors: number;
  bags: number;
  /** EUR per day in an average city. */
  perDay: number;
}

const CLASSES: Record<CarClass, ClassSpec> = {
  mini: { models: ['Fiat 500', 'Kia Picanto', 'Toyota Aygo X'], seats: 4, doors: 3, bags: 1, perDay: 22 },
  economy: { models: ['Renault Clio', 'Seat Ibiza', 'Peugeot 208'], seats: 5, doors: 5, bags: 2, perDay: 28 },
  compact: { models: ['Volkswagen Golf', 'Ford Focus', 'Opel Astra'], seats: 5, doors: 5, bags: 3, perDay: 34 },
  intermediate: { models: ['Skoda Octavia', 'Toyota Corolla', 'Cupra Leon'], seats: 5, doors: 5, bags: 4, perDay: 41 },
  suv: { models: ['Nissan Qashqai', 'Kia Sportage', 'Peugeot 3008'], seats: 5, doors: 5, bags: 4, perDay: 52 },
  van: { models: ['Ford Tourneo Custom', 'Mercedes Vito', 'Renault Trafic'], seats: 9, doors: 4, bags: 6, perDay: 78 },
  premium: { models: ['BMW 5 Series', 'Mercedes E-Class', 'Audi A6'], seats: 5, doors: 4, bags: 4, perDay: 95 },
};

/** Every class, smallest first. */
export const carClasses = Object.keys(CLASSES) as CarClass[];

const SUPPLIERS = ['Avanza Rent', 'Blue Road', 'Costa Cars', 'Drivo', 'Ruta Libre', 'Kilometro Cero'];

/**
 * Every rental car at a place for a hire, the same list for the same hire every time: 12 to 28
 * offers over the classes, suppliers and transmissions, with a one-way fee when the car goes back
 * elsewhere (from the distance). `days` is at least one.
 */
export function carInventory(pickUp: City, dropOff: City, start: string, days: number): CarOffer[] {
  const random = seededRandom(`cars|${pickUp.code}|${dropOff.code}|${start}|${days}`);
  const oneWayFee = pickUp.code === dropOff.code ? 0 : shopPrice(40 + distanceKm(pickUp, dropOff) * 0.25);
  const count = random.int(12, 28);
  const offers: CarOffer[] = [];
  for (let i = 0; i < count; i++) {
    const carClass = random.pick(carClasses);
    const spec = CLASSES[carClass];
    const transmission: Transmission = carClass === 'premium' || random.chance(0.35) ? 'automatic' : 'manual';
    // Longer hires cost less a day.
    const perDay = spec.perDay * pickUp.cost * (transmission === 'automatic' ? 1.12 : 1) * (days >= 7 ? 0.85 : 1) * random.between(0.8, 1.3);
    const pricePerDay = shopPrice(perDay);
    offers.push({
      id: `CR-${pickUp.code}${dropOff.code}-${start.replaceAll('-', '')}-${String(i + 1).padStart(2, '0')}`,
      carClass,
      model: random.pick(spec.models),
      supplier: random.pick(SUPPLIERS),
      supplierRating: Math.round(random.between(6.4, 9.6) * 10) / 10,
      seats: spec.seats,
      doors: spec.doors,
      bags: spec.bags,
      transmission,
      airCon: carClass !== 'mini' || random.chance(0.6),
      unlimitedMileage: random.chance(0.6),
      pickUp: toPlace(pickUp),
      dropOff: toPlace(dropOff),
      pricePerDay,
      days,
      totalPrice: Math.round((pricePerDay * days + oneWayFee) * 100) / 100,
      oneWayFee,
      freeCancellation: random.chance(0.55),
    });
  }
  return offers;
}
