/** A `yyyy-mm-ddThh:mm` local time of the API as a Date of the same wall-clock reading. */
export function wallClock(text: string): Date {
  const [day = '', time = '00:00'] = text.split('T');
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(year, month - 1, date, hours, minutes);
}

/** Calendar days from the first local time's day to the second's (+1 for an overnight flight). */
export function dayShift(from: string, to: string): number {
  return Math.round((Date.UTC(...ymd(to)) - Date.UTC(...ymd(from))) / 86_400_000);
}

function ymd(text: string): [number, number, number] {
  const [year = 0, month = 1, day = 1] = text.slice(0, 10).split('-').map(Number);
  return [year, month - 1, day];
}

/** Minutes as the message `results.duration` takes them. */
export const durationParts = (minutes: number) => ({ hours: Math.floor(minutes / 60), minutes: minutes % 60 });

/** Form dates are yyyy-mm-dd; read them as local days, not UTC midnights. */
export const localDay = (text: string): Date => wallClock(`${text}T00:00`);
