import type { Entity, PublicEntity } from '@trustlinks/contract/entities';
import type { EntityType, VerificationStatus } from '@trustlinks/contract/constants';
import type { EntityChangeRow, EntityRow } from '../../db/schema';

/** Metadata fields that are private to the entity and admins (references are people). */
const PRIVATE_METADATA_KEYS = new Set(['reference_details']);

/** Anyone's view: no emails, contact methods, notes or private metadata. */
export function toPublicEntity(row: EntityRow, offerCount: number): PublicEntity {
  const metadata = Object.fromEntries(
    Object.entries(row.entityMetadata ?? {}).filter(([k]) => !PRIVATE_METADATA_KEYS.has(k)),
  );
  return {
    entity_id: row.id,
    slug: row.slug,
    name: row.name,
    entity_type: row.entityType as EntityType,
    website: row.website,
    description: row.description,
    image_url: row.imageUrl,
    country: row.country,
    verification_status: row.verificationStatus as VerificationStatus,
    reputation_score: Number(row.reputationScore),
    total_reviews: row.totalReviews,
    offer_count: offerCount,
    entity_metadata: metadata,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The entity's own users' and admins' view, with the change waiting for an admin if any. */
export function toEntity(
  row: EntityRow,
  offerCount: number,
  pendingChange: EntityChangeRow | null = null,
): Entity {
  return {
    ...toPublicEntity(row, offerCount),
    entity_metadata: row.entityMetadata ?? {},
    email: row.email,
    additional_notes: row.additionalNotes,
    contact_info: Object.fromEntries(
      Object.entries(row.contactInfo ?? {}).map(([k, v]) => [k, v ?? null]),
    ),
    user_account_created: row.userAccountCreated,
    source: row.source as 'registration' | 'review',
    join_click_count: row.joinClickCount,
    pending_change: pendingChange
      ? {
          name: pendingChange.name,
          website: pendingChange.website,
          email: pendingChange.email,
          signup_url: pendingChange.signupUrl,
          requested_at: pendingChange.updatedAt.toISOString(),
        }
      : null,
  };
}
