-- Payment proofs keep the extension of the type their bytes were recognised as
-- (docs/decisions/024): a name without one of the type's extensions gets the type's first one in
-- place of its own (as reviews.proofs.ts proofFileName does for new files; the stem keeps room
-- for it within the 200 characters of a name).
UPDATE "review_proofs" SET "file_name" = left(regexp_replace("file_name", '^(.+)\.[^.]*$', '\1'), 196) || '.png' WHERE "content_type" = 'image/png' AND lower("file_name") !~ '^.+\.png$';--> statement-breakpoint
UPDATE "review_proofs" SET "file_name" = left(regexp_replace("file_name", '^(.+)\.[^.]*$', '\1'), 196) || '.jpg' WHERE "content_type" = 'image/jpeg' AND lower("file_name") !~ '^.+\.(jpg|jpeg)$';--> statement-breakpoint
UPDATE "review_proofs" SET "file_name" = left(regexp_replace("file_name", '^(.+)\.[^.]*$', '\1'), 196) || '.pdf' WHERE "content_type" = 'application/pdf' AND lower("file_name") !~ '^.+\.pdf$';
