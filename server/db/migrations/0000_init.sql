CREATE TABLE "org_clocks" (
	"org_id" text PRIMARY KEY NOT NULL,
	"rev" bigint DEFAULT 0 NOT NULL,
	"horizon_rev" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"location" text,
	"eol_lead_time" integer DEFAULT 30 NOT NULL,
	"mx_lead_time" integer DEFAULT 7 NOT NULL,
	"tdy_lead_time" integer DEFAULT 7 NOT NULL,
	"wash_lead_time" integer DEFAULT 7 NOT NULL,
	"lti_lead_time" integer DEFAULT 14 NOT NULL,
	"pmi_lead_time" integer DEFAULT 14 NOT NULL,
	"primary_contact_user_id" text,
	"primary_contact_phone_number" text,
	"base_phone_number" text,
	"shift_times" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "section_mels" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"section_id" text NOT NULL,
	"vehicle_type" text NOT NULL,
	"mel" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text NOT NULL,
	"field" text NOT NULL,
	"value" jsonb
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"section_id" text,
	"password_hash" text,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"id" text NOT NULL,
	"model" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"org_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_mutations" (
	"user_id" text NOT NULL,
	"client_id" text NOT NULL,
	"mutation_id" text NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint,
	"status" integer NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_mutations_user_id_client_id_mutation_id_pk" PRIMARY KEY("user_id","client_id","mutation_id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_management" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vehicle_id" text NOT NULL,
	"section_id" text,
	"workflow_id" text,
	"vehicle_type" text NOT NULL,
	"wrm" boolean DEFAULT false NOT NULL,
	"eol_date" date,
	"etic_date" timestamp with time zone,
	"valid_from" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_statuses" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vehicle_id" text NOT NULL,
	"status" text NOT NULL,
	"etic_date" timestamp with time zone,
	"valid_from" timestamp with time zone NOT NULL,
	"user_id" text
);
--> statement-breakpoint
CREATE TABLE "vehicle_types" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reg_number" text NOT NULL,
	"vehicle_type" text NOT NULL,
	"year" integer,
	"make" text,
	"model" text,
	"wrm" boolean DEFAULT false NOT NULL,
	"eol_date" date,
	"decommission_date" timestamp with time zone,
	"last_reported_hours" integer,
	"last_reported_mileage" integer,
	"fuel_level" real,
	"section_id" text,
	"workflow_id" text,
	"status" text DEFAULT 'valid' NOT NULL,
	"etic_date" timestamp with time zone,
	"management_valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"status_valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"status_user_id" text
);
--> statement-breakpoint
CREATE TABLE "rules" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rule_id" text NOT NULL,
	"original_rule_id" text,
	"title" text NOT NULL,
	"description" text,
	"frequency" text DEFAULT 'daily' NOT NULL,
	"rule_type" text NOT NULL,
	"new_rule_type" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lookup" jsonb,
	"af1800_id" integer,
	"is_boolean" boolean DEFAULT true NOT NULL,
	"area" text,
	"comment" text,
	"picture" text,
	"require_annotation_on_failure" boolean DEFAULT true NOT NULL,
	"fixable" boolean DEFAULT true NOT NULL,
	"icon" text
);
--> statement-breakpoint
CREATE TABLE "workflow_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"workflow_id" text NOT NULL,
	"position" integer NOT NULL,
	"rule_id" text NOT NULL,
	"original_rule_id" text,
	"title" text NOT NULL,
	"description" text,
	"frequency" text DEFAULT 'daily' NOT NULL,
	"rule_type" text NOT NULL,
	"new_rule_type" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lookup" jsonb,
	"af1800_id" integer,
	"is_boolean" boolean DEFAULT true NOT NULL,
	"area" text,
	"comment" text,
	"picture" text,
	"require_annotation_on_failure" boolean DEFAULT true NOT NULL,
	"fixable" boolean DEFAULT true NOT NULL,
	"icon" text
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"last_modifier_id" text,
	"last_modifier_name" text,
	CONSTRAINT "workflows_id_numeric" CHECK ("workflows"."id" ~ '^[1-9][0-9]{0,15}$')
);
--> statement-breakpoint
CREATE TABLE "inspection_pictures" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inspection_id" text NOT NULL,
	"result_id" text,
	"rule_id" text,
	"item_no" integer,
	"file_id" text NOT NULL,
	"annotation" text
);
--> statement-breakpoint
CREATE TABLE "inspection_results" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inspection_id" text NOT NULL,
	"position" integer NOT NULL,
	"rule_id" text NOT NULL,
	"is_passing" boolean NOT NULL,
	"value" jsonb,
	"is_fixed" boolean DEFAULT false NOT NULL,
	"comment" text,
	"overview" jsonb,
	"type" text,
	"units" text
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vehicle_id" text NOT NULL,
	"reg_number" text NOT NULL,
	"parent_inspection_id" text,
	"workflow_id" text,
	"workflow_version" integer,
	"inspection_date" timestamp with time zone NOT NULL,
	"completion_date" timestamp with time zone,
	"submission_date" timestamp with time zone,
	"miles" integer,
	"hours" integer,
	"passed" boolean NOT NULL,
	"num_fixes" integer DEFAULT 0 NOT NULL,
	"num_notes" integer DEFAULT 0 NOT NULL,
	"inspector_id" text,
	"inspector_name" text,
	"shift" integer,
	"duration_seconds" integer,
	"fuel_level" real
);
--> statement-breakpoint
CREATE TABLE "discrepancies" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vehicle_id" text NOT NULL,
	"reg_number" text NOT NULL,
	"item_no" integer NOT NULL,
	"discrepancy" text NOT NULL,
	"date_discovered" timestamp with time zone NOT NULL,
	"inspector_id" text,
	"report_miles" integer,
	"report_hours" integer,
	"report_date" timestamp with time zone,
	"reporter_user_id" text,
	"work_order" text,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"af1800_status_code" text,
	"mx_user_id" text,
	"disregard" boolean DEFAULT false NOT NULL,
	"system_code" text,
	"num_fixed" integer DEFAULT 0 NOT NULL,
	"parent_inspection_id" text,
	"actual_completion_date" timestamp with time zone,
	"work_date" timestamp with time zone,
	"est_completion_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "discrepancy_pictures" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"discrepancy_id" text NOT NULL,
	"file_id" text NOT NULL,
	"annotation" text
);
--> statement-breakpoint
CREATE TABLE "ltis" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vehicle_id" text NOT NULL,
	"reg_number" text NOT NULL,
	"mx_date" timestamp with time zone NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completion_date" timestamp with time zone,
	"creator_id" text,
	"creator_name" text,
	"last_modifier_id" text,
	"last_modifier_name" text,
	"passed" boolean,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "pmis" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vehicle_id" text NOT NULL,
	"reg_number" text NOT NULL,
	"mx_date" timestamp with time zone NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completion_date" timestamp with time zone,
	"creator_id" text,
	"creator_name" text,
	"last_modifier_id" text,
	"last_modifier_name" text,
	"passed" boolean,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "scheduled_mx" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vehicle_id" text NOT NULL,
	"reg_number" text NOT NULL,
	"mx_date" timestamp with time zone NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completion_date" timestamp with time zone,
	"creator_id" text,
	"creator_name" text,
	"last_modifier_id" text,
	"last_modifier_name" text,
	"mx_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vehicle_id" text NOT NULL,
	"reg_number" text NOT NULL,
	"file_id" text NOT NULL,
	"filename" text NOT NULL,
	"description" text,
	"mime_type" text NOT NULL,
	"creator_id" text,
	"creator_name" text,
	"last_modifier_id" text,
	"last_modifier_name" text
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vehicle_id" text NOT NULL,
	"reg_number" text NOT NULL,
	"note" text NOT NULL,
	"user_id" text,
	"user_name" text
);
--> statement-breakpoint
CREATE TABLE "tdys" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vehicle_id" text NOT NULL,
	"reg_number" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"description" text NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"creator_id" text,
	"creator_name" text,
	"last_modifier_id" text,
	"last_modifier_name" text
);
--> statement-breakpoint
CREATE TABLE "waiver_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vehicle_id" text NOT NULL,
	"reg_number" text NOT NULL,
	"file_id" text NOT NULL,
	"filename" text,
	"mime_type" text NOT NULL,
	"creator_id" text
);
--> statement-breakpoint
CREATE TABLE "waiver_pictures" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"waiver_id" text NOT NULL,
	"file_id" text NOT NULL,
	"filename" text,
	"annotation" text
);
--> statement-breakpoint
CREATE TABLE "waivers" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vehicle_id" text NOT NULL,
	"reg_number" text NOT NULL,
	"rule_id" text NOT NULL,
	"waiver_type" text DEFAULT 'warning' NOT NULL,
	"explanation" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closing_date" timestamp with time zone,
	"creator_id" text,
	"creator_name" text,
	"last_modifier_id" text,
	"last_modifier_name" text
);
--> statement-breakpoint
CREATE TABLE "washes" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vehicle_id" text NOT NULL,
	"reg_number" text NOT NULL,
	"wash_date" timestamp with time zone NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completion_date" timestamp with time zone,
	"creator_id" text,
	"creator_name" text,
	"last_modifier_id" text,
	"last_modifier_name" text
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sha256" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"filename" text,
	"storage_path" text NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_type" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"vehicle_id" text,
	"reg_number" text NOT NULL,
	"vehicle_type" text,
	"user_id" text,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "section_mels_org_rev" ON "section_mels" USING btree ("org_id","rev");--> statement-breakpoint
CREATE UNIQUE INDEX "section_mels_section_type" ON "section_mels" USING btree ("section_id","vehicle_type") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "sections_org_rev" ON "sections" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "user_settings_org_rev" ON "user_settings" USING btree ("org_id","rev");--> statement-breakpoint
CREATE UNIQUE INDEX "user_settings_user_field" ON "user_settings" USING btree ("user_id","field");--> statement-breakpoint
CREATE INDEX "users_org_rev" ON "users" USING btree ("org_id","rev");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "sync_mutations_client_rev" ON "sync_mutations" USING btree ("user_id","client_id","rev");--> statement-breakpoint
CREATE INDEX "vehicle_management_org_rev" ON "vehicle_management" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "vehicle_management_vehicle" ON "vehicle_management" USING btree ("vehicle_id","valid_from");--> statement-breakpoint
CREATE INDEX "vehicle_statuses_org_rev" ON "vehicle_statuses" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "vehicle_statuses_vehicle" ON "vehicle_statuses" USING btree ("vehicle_id","valid_from");--> statement-breakpoint
CREATE INDEX "vehicle_types_org_rev" ON "vehicle_types" USING btree ("org_id","rev");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_types_org_name" ON "vehicle_types" USING btree ("org_id",lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "vehicles_org_rev" ON "vehicles" USING btree ("org_id","rev");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_org_reg_number" ON "vehicles" USING btree ("org_id",lower("reg_number")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "vehicles_section" ON "vehicles" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "vehicles_workflow" ON "vehicles" USING btree ("workflow_id");--> statement-breakpoint
CREATE INDEX "rules_org_rev" ON "rules" USING btree ("org_id","rev");--> statement-breakpoint
CREATE UNIQUE INDEX "rules_org_rule_id" ON "rules" USING btree ("org_id","rule_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "workflow_rules_org_rev" ON "workflow_rules" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "workflow_rules_workflow" ON "workflow_rules" USING btree ("workflow_id","position");--> statement-breakpoint
CREATE INDEX "workflows_org_rev" ON "workflows" USING btree ("org_id","rev");--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_org_title" ON "workflows" USING btree ("org_id",lower("title")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "inspection_pictures_org_rev" ON "inspection_pictures" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "inspection_pictures_inspection" ON "inspection_pictures" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "inspection_results_org_rev" ON "inspection_results" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "inspection_results_inspection" ON "inspection_results" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "inspections_org_rev" ON "inspections" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "inspections_vehicle_date" ON "inspections" USING btree ("vehicle_id","inspection_date");--> statement-breakpoint
CREATE INDEX "inspections_org_date" ON "inspections" USING btree ("org_id","inspection_date");--> statement-breakpoint
CREATE INDEX "discrepancies_org_rev" ON "discrepancies" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "discrepancies_vehicle" ON "discrepancies" USING btree ("vehicle_id","date_discovered");--> statement-breakpoint
CREATE INDEX "discrepancies_parent_inspection" ON "discrepancies" USING btree ("parent_inspection_id");--> statement-breakpoint
CREATE INDEX "discrepancy_pictures_org_rev" ON "discrepancy_pictures" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "discrepancy_pictures_discrepancy" ON "discrepancy_pictures" USING btree ("discrepancy_id");--> statement-breakpoint
CREATE INDEX "ltis_org_rev" ON "ltis" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "ltis_vehicle" ON "ltis" USING btree ("vehicle_id","mx_date");--> statement-breakpoint
CREATE INDEX "pmis_org_rev" ON "pmis" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "pmis_vehicle" ON "pmis" USING btree ("vehicle_id","mx_date");--> statement-breakpoint
CREATE INDEX "scheduled_mx_org_rev" ON "scheduled_mx" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "scheduled_mx_vehicle" ON "scheduled_mx" USING btree ("vehicle_id","mx_date");--> statement-breakpoint
CREATE INDEX "documents_org_rev" ON "documents" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "documents_vehicle" ON "documents" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "notes_org_rev" ON "notes" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "notes_vehicle" ON "notes" USING btree ("vehicle_id","created_at");--> statement-breakpoint
CREATE INDEX "tdys_org_rev" ON "tdys" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "tdys_vehicle" ON "tdys" USING btree ("vehicle_id","start_date");--> statement-breakpoint
CREATE INDEX "waiver_cards_org_rev" ON "waiver_cards" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "waiver_cards_vehicle" ON "waiver_cards" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "waiver_pictures_org_rev" ON "waiver_pictures" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "waiver_pictures_waiver" ON "waiver_pictures" USING btree ("waiver_id");--> statement-breakpoint
CREATE INDEX "waivers_org_rev" ON "waivers" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "waivers_vehicle" ON "waivers" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "washes_org_rev" ON "washes" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "washes_vehicle" ON "washes" USING btree ("vehicle_id","wash_date");--> statement-breakpoint
CREATE INDEX "stored_files_org_rev" ON "stored_files" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "stored_files_org_sha256" ON "stored_files" USING btree ("org_id","sha256");--> statement-breakpoint
CREATE INDEX "live_events_org_rev" ON "live_events" USING btree ("org_id","rev");--> statement-breakpoint
CREATE INDEX "live_events_org_time" ON "live_events" USING btree ("org_id","event_time");