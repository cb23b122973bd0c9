import type { HotelAmenity, HotelArea, HotelOffer } from './contract.js';
import type { City } from './places.js';
import { toPlace } from './places.js';
import { seededRandom, shopPrice } from './random.js';

const FIRST = ['Casa', 'Hotel', 'The', 'Palacio', 'Villa', 'Residence', 'Maison', 'Hostal', 'Grand', 'Posada'];
const SECOND = ['Lumen', 'Azul', 'Harbour', 'Olive', 'Meridiano', 'Cedar', 'Aurora', 'Mirador', 'Plaza', 'Brisa', 'Linden', 'Alba', 'Corso', 'Marina', 'Atelier', 'Jardín'];
const THIRD = ['', '', '', ' House', ' Suites', ' Boutique', ' & Spa', ' Rooms', ' Central'];
const AREAS: HotelArea[] = ['centre', 'oldTown', 'waterfront', 'business', 'station', 'airport', 'museums', 'university'];
const AMENITIES: HotelAmenity[] = ['wifi', 'breakfast', 'pool', 'parking', 'gym', 'spa', 'airCon', 'petsAllowed'];
// How far from the centre each area lies, in km (min, max).
const AREA_KM: Record<HotelArea, [number, number]> = {
  centre: [0.1, 1], oldTown: [0.3, 1.5], waterfront: [1, 4], business: [2, 6], station: [0.8, 3], airport: [8, 20], museums: [0.5, 2], university: [1.5, 5],
};

/**
 * Every hotel of a city for a stay, the same list for the same stay every time: 18 to 40 hotels,
 * stars weighted towards three and four, guest ratings that follow the stars loosely, prices from
 * the stars and the city's price level. `nights` is at least one.
 */
export function hotelInventory(city: City, checkIn: string, nights: number): HotelOffer[] {
  // The hotels themselves depend on the city only; their prices also on the dates.
  const random = seededRandom(`hotels|${city.code}`);
  const prices = seededRandom(`hotel-prices|${city.code}|${checkIn}|${nights}`);
  const count = random.int(18, 40);
  const names = new Set<string>();
  const offers: HotelOffer[] = [];
  for (let i = 0; i < count; i++) {
    const draw = () => `${random.pick(FIRST)} ${random.pick(SECOND)}${random.pick(THIRD)}`;
    let name = draw();
    while (names.has(name)) name = draw();
    names.add(name);
    const stars = random.pick([2, 3, 3, 3, 4, 4, 4, 5, 5, 1]);
    const rating = Math.min(9.8, Math.round((5.2 + stars * 0.6 + random.between(-0.8, 1.6)) * 10) / 10);
    const area = random.pick(AREAS);
    const [near, far] = AREA_KM[area];
    const amenities = AMENITIES.filter((amenity) => amenity === 'wifi' || random.chance(0.2 + stars * 0.1));
    const pricePerNight = shopPrice((28 + stars * stars * 9) * city.cost * prices.between(0.75, 1.35));
    offers.push({
      id: `HT-${city.code}-${String(i + 1).padStart(3, '0')}`,
      name,
      city: toPlace(city),
      stars,
      rating,
      reviews: random.int(12, 4800),
      area,
      distanceKm: Math.round(random.between(near, far) * 10) / 10,
      amenities,
      pricePerNight,
      nights,
      totalPrice: Math.round(pricePerNight * nights * 100) / 100,
      freeCancellation: prices.chance(0.5),
      image: `/a/api/search/images/hotel-${city.code}-${i + 1}.svg`,
    });
  }
  return offers;
}
