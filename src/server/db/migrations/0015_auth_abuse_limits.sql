CREATE TABLE "mail_sends" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recipient" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_alerts" (
	"email" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "client" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_sends_recipient_sent_idx" ON "mail_sends" USING btree ("recipient","sent_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_client_created_idx" ON "sign_in_failures" USING btree ("client","created_at");