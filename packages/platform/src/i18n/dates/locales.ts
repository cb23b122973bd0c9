/** Which calendar phrase a date gets relative to today (moment's calendar keys). */
export type CalendarKey = 'sameDay' | 'nextDay' | 'nextWeek' | 'lastDay' | 'lastWeek' | 'sameElse';

/**
 * Everything one language needs to format dates the way moment 2.30.1 does for it. Kept as
 * plain data plus two tiny functions so a page pays only for the languages it names.
 */
export interface DateLocaleData {
  months: string[];
  /** Short month; `format` is the whole expanded pattern, since Spanish drops the dot in `-MMM-`. */
  monthsShort(month: number, format: string): string;
  weekdays: string[];
  weekdaysShort: string[];
  weekdaysMin: string[];
  /** LT LTS L LL LLL LLLL; the lower-case forms are derived from these. */
  long: Record<string, string>;
  /** The pattern of a calendar phrase for a date at `hours` o'clock. */
  calendar(key: CalendarKey, hours: number): string;
  /** future past s ss m mm h hh d dd M MM y yy, with %s / %d placeholders. */
  relative: Record<string, string>;
  ordinal(n: number): string;
  /** First day of the week (0 Sunday) and, as moment encodes it, doy = 7 + dow - (the January day always in week one). */
  dow: number;
  doy: number;
  invalid: string;
}

const split = (s: string): string[] => s.split('_');

const relativeKeys = split('future_past_s_ss_m_mm_h_hh_d_dd_M_MM_y_yy');
const relative = (words: string): Record<string, string> => {
  const values = split(words);
  return Object.fromEntries(relativeKeys.map((key, i) => [key, values[i] ?? '']));
};

/** moment's default (English) locale. */
export function englishDates(): DateLocaleData {
  const monthsShort = split('Jan_Feb_Mar_Apr_May_Jun_Jul_Aug_Sep_Oct_Nov_Dec');
  const calendar: Record<CalendarKey, string> = {
    sameDay: '[Today at] LT',
    nextDay: '[Tomorrow at] LT',
    nextWeek: 'dddd [at] LT',
    lastDay: '[Yesterday at] LT',
    lastWeek: '[Last] dddd [at] LT',
    sameElse: 'L',
  };
  return {
    months: split('January_February_March_April_May_June_July_August_September_October_November_December'),
    monthsShort: (month) => monthsShort[month] ?? '',
    weekdays: split('Sunday_Monday_Tuesday_Wednesday_Thursday_Friday_Saturday'),
    weekdaysShort: split('Sun_Mon_Tue_Wed_Thu_Fri_Sat'),
    weekdaysMin: split('Su_Mo_Tu_We_Th_Fr_Sa'),
    long: {
      LT: 'h:mm A',
      LTS: 'h:mm:ss A',
      L: 'MM/DD/YYYY',
      LL: 'MMMM D, YYYY',
      LLL: 'MMMM D, YYYY h:mm A',
      LLLL: 'dddd, MMMM D, YYYY h:mm A',
    },
    calendar: (key) => calendar[key],
    relative: relative(
      'in %s_%s ago_a few seconds_%d seconds_a minute_%d minutes_an hour_%d hours_a day_%d days_a month_%d months_a year_%d years',
    ),
    ordinal(n) {
      const tens = Math.trunc((n % 100) / 10) === 1;
      const last = n % 10;
      return n + (tens ? 'th' : last === 1 ? 'st' : last === 2 ? 'nd' : last === 3 ? 'rd' : 'th');
    },
    dow: 0,
    doy: 6,
    invalid: 'Invalid date',
  };
}

/** moment 2.30.1's `es` locale. */
export function spanishDates(): DateLocaleData {
  const monthsShort = split('ene_feb_mar_abr_may_jun_jul_ago_sep_oct_nov_dic');
  // "a la 1", "a las 13": the article follows the hour.
  const at = (hours: number) => `a la${hours === 1 ? '' : 's'}] LT`;
  const calendar: Record<CalendarKey, string> = {
    sameDay: '[hoy ',
    nextDay: '[mañana ',
    nextWeek: 'dddd [',
    lastDay: '[ayer ',
    lastWeek: '[el] dddd [pasado ',
    sameElse: '',
  };
  return {
    months: split('enero_febrero_marzo_abril_mayo_junio_julio_agosto_septiembre_octubre_noviembre_diciembre'),
    monthsShort: (month, format) => (monthsShort[month] ?? '') + (/-MMM-/.test(format) ? '' : '.'),
    weekdays: split('domingo_lunes_martes_miércoles_jueves_viernes_sábado'),
    weekdaysShort: split('dom._lun._mar._mié._jue._vie._sáb.'),
    weekdaysMin: split('do_lu_ma_mi_ju_vi_sá'),
    long: {
      LT: 'H:mm',
      LTS: 'H:mm:ss',
      L: 'DD/MM/YYYY',
      LL: 'D [de] MMMM [de] YYYY',
      LLL: 'D [de] MMMM [de] YYYY H:mm',
      LLLL: 'dddd, D [de] MMMM [de] YYYY H:mm',
    },
    calendar: (key, hours) => (key === 'sameElse' ? 'L' : calendar[key] + at(hours)),
    relative: relative(
      'en %s_hace %s_unos segundos_%d segundos_un minuto_%d minutos_una hora_%d horas_un día_%d días_un mes_%d meses_un año_%d años',
    ),
    ordinal: (n) => `${n}º`,
    dow: 1,
    doy: 4,
    invalid: 'Fecha inválida',
  };
}
