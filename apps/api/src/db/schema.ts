// The one list of tables drizzle-kit reads and the app types its queries with.
export * from './schema/users';
export * from './schema/sessions';
