-- A request's new row took the month's sums (business_metric_months) before the status count
-- (subscription_status_counts): a table's triggers fire in the order of their names. Settling a
-- payment takes them the other way round (the person's status, then the payment's figures), so a
-- trial request posted while a payment settled could wait for it in a cycle: "deadlock detected"
-- on the insert into trial_requests. Renamed to fire after the counts, every writer takes the
-- status count first and the owner's sums after it.
ALTER TRIGGER business_metric_trials_insert ON trial_requests RENAME TO trial_requests_metrics_insert;
--> statement-breakpoint
ALTER TRIGGER business_metric_trials_update ON trial_requests RENAME TO trial_requests_metrics_update;
--> statement-breakpoint
ALTER TRIGGER business_metric_trials_delete ON trial_requests RENAME TO trial_requests_metrics_delete;
