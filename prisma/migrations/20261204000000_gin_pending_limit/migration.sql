-- A GIN index gathers new entries in a pending list (fastupdate) that every search through the index
-- reads in full, until VACUUM or an insert that takes the list past gin_pending_list_limit (4 MB by
-- default) merges it into the index — inside that insert. PGlite runs no autovacuum: in an hour of
-- mixed load (bench/soak.mjs) the title index's list grew to 4 MB, title searches slowed 3× (9 ms →
-- 3 ms once merged) and the insert that merged it held PGlite for ~0.9 s (every call's p99 that
-- minute). With 256 kB the list stays short and each merge small, on PGlite and PostgreSQL alike;
-- a write costs ~0.05 ms more on average (docs/BENCHMARKS.md → Soak). Every GIN index here.
ALTER INDEX "news_title_search_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "news_upload_ids_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "news_process_upload_ids_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "news_trash_upload_ids_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "news_revision_text_upload_ids_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "news_revision_upload_ids_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "class_info_revision_upload_ids_idx" SET (gin_pending_list_limit = 256);
