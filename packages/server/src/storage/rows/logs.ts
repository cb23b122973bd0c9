/**
 * The client-log constants both engines keep alike. The ring differs in what one row is (a
 * delivery on SQLite, one occurrence on PostgreSQL), not in its length.
 */

/** How many rows of its ring a group keeps, so one noisy error cannot fill the disk. */
export const RING_ROWS_PER_GROUP = 200;

/** How many occurrences the console's detail view shows. */
export const OCCURRENCES_SHOWN = 50;
