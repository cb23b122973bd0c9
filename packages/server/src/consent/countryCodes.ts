// Every officially assigned ISO 3166-1 alpha-2 code (249), plus XK: Kosovo has no assigned code,
// but CloudFront, Cloudflare and Fastly all send XK for it. Codes CDNs use for "unknown" (XX, ZZ),
// Tor (T1) or anonymous proxies (A1, A2) are not here, so they fall back to the default country.
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
  'UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW';

/** The country codes a geo header may carry (upper case). */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(CODES.split(' '));

/**
 * Where the TCF applies: the EEA (the 27 EU states, Iceland, Liechtenstein, Norway), the United
 * Kingdom and Switzerland. The EU's outermost regions and Åland are EU territory with codes of
 * their own (GF, GP, MQ, RE, YT, MF, AX), so a CDN may name them instead of FR or FI.
 */
export const TCF_COUNTRIES: ReadonlySet<string> = new Set(
  ('AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE ' + 'IS LI NO GB CH ' + 'GF GP MQ RE YT MF AX').split(' '),
);
