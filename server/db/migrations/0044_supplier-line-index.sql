-- Each page of the panel's activity log names lines by the panel's ids: ours are found by them.
CREATE INDEX "m3u_lines_supplier_idx" ON "m3u_lines" USING btree ("supplier_id");
