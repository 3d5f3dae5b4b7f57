// The one list of tables drizzle-kit reads and the app types its queries with.
export * from './schema/users';
export * from './schema/entities';
export * from './schema/entity-changes';
export * from './schema/sessions';
export * from './schema/email-tokens';
export * from './schema/mail-outbox';
export * from './schema/rate-limits';
export * from './schema/rate-limit-events';
export * from './schema/identity-claims';
export * from './schema/seed-runs';
export * from './schema/companies';
export * from './schema/offers';
export * from './schema/offer-requests';
export * from './schema/reviews';
export * from './schema/trust';
export * from './schema/offer-applications';
export * from './schema/notifications';
