/**
 * Strings and dates for the page's language: `createMessages` formats ICU messages, and
 * `dateLocale` formats dates as moment 2.30.1 does in English and Spanish.
 */
export { dateLocale } from './dates/dateLocale.js';
export type { DateInput, DateLocale, DateLocaleName } from './dates/dateLocale.js';
export { createMessages } from './messages/createMessages.js';
export type { Messages, MessagesLogger, MessagesOptions, MessageSource } from './messages/createMessages.js';
export type { MessageValues } from './messages/compileMessage.js';
