import { describeStoreConformance } from '../conformance/describeStoreConformance.js';
import { createSqliteStore } from './createSqliteStore.js';

// Every port's conformance suite against SQLite; each test gets its own ':memory:' database.
describeStoreConformance('sqlite', async () => createSqliteStore({ file: ':memory:' }));
