-- docs/decisions/050-deal-threads.md: a thread per deal between its two parties, its messages
-- (plain text, reportable) and each account's last read.
CREATE TABLE IF NOT EXISTS "threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"owner_entity_id" uuid NOT NULL REFERENCES "entities"("id") ON DELETE cascade,
	"starter_entity_id" uuid REFERENCES "entities"("id") ON DELETE cascade,
	"starter_user_id" uuid REFERENCES "users"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_sender_side" text,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "threads_kind_check" CHECK ("kind" in ('application', 'request', 'contact')),
	CONSTRAINT "threads_starter_check" CHECK (num_nonnulls("starter_entity_id", "starter_user_id") = 1),
	CONSTRAINT "threads_last_sender_side_check" CHECK ("last_sender_side" is null or "last_sender_side" in ('owner', 'starter'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "threads_subject_key" ON "threads" USING btree ("kind","subject_id",coalesce("starter_entity_id", "starter_user_id"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "threads_owner_idx" ON "threads" USING btree ("owner_entity_id","last_message_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "threads_starter_entity_idx" ON "threads" USING btree ("starter_entity_id","last_message_at" DESC NULLS LAST) WHERE "starter_entity_id" is not null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "threads_starter_user_idx" ON "threads" USING btree ("starter_user_id","last_message_at" DESC NULLS LAST) WHERE "starter_user_id" is not null;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "thread_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL REFERENCES "threads"("id") ON DELETE cascade,
	"sender_user_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"sender_side" text NOT NULL,
	"sender_name" text NOT NULL,
	"body" text NOT NULL,
	"reported_at" timestamp with time zone,
	"reported_by_user_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"report_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_messages_side_check" CHECK ("sender_side" in ('owner', 'starter')),
	CONSTRAINT "thread_messages_body_check" CHECK (char_length("body") between 1 and 2000)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "thread_messages_thread_idx" ON "thread_messages" USING btree ("thread_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "thread_messages_reported_idx" ON "thread_messages" USING btree ("reported_at" DESC NULLS LAST) WHERE "reported_at" is not null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "thread_messages_sender_idx" ON "thread_messages" USING btree ("sender_user_id","created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "thread_reads" (
	"thread_id" uuid NOT NULL REFERENCES "threads"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_reads_pkey" PRIMARY KEY("thread_id","user_id")
);
