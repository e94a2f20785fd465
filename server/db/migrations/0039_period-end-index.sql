-- MRR at a moment (business_metric_mrr_at) reads the paid periods still running: few of all.
CREATE INDEX "payments_period_end_idx" ON "payments" USING btree ("new_end") WHERE "payments"."period_start" is not null;
