-- 回收站: the type of the category an item was deleted from (lib/recycle/). Restoring an item whose
-- category has since been deleted needs a target category, and the target must be of the same type
-- (as a move requires), which the deleted category can no longer tell.
ALTER TABLE "news_trash" ADD COLUMN "class_type" VARCHAR(1) NOT NULL DEFAULT '0';
