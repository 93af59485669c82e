/**
 * One page of a category's items in list order (new_time DESC, id DESC) with its total, for
 * find-news-list.ts. Which path a call takes:
 *
 * | filters | what is known in this process                         | path (file)                                  |
 * |---------|-------------------------------------------------------|----------------------------------------------|
 * | none    | offset < 1000                                         | plain OFFSET page + stat total (unfiltered)  |
 * | none    | deeper; boundary keys at the category's `version`     | OFFSET from the nearest key (unfiltered)     |
 * | none    | deeper; no keys, or `version` moved                   | take the keys again, then as above           |
 * | some    | no kept total at the category's `data_version`        | count + page, one statement (filtered) [1]   |
 * | some    | kept total; page expected within the newest 4000 rows | walk the category in list order (filtered)   |
 * | some    | else, kept total ≤ 1000 (or the walk fell short)      | page from the kept matching ids (filtered)   |
 * | some    | else, kept total > 1000                               | index page, total not counted (filtered)     |
 *
 * [1] a title search counts with a window count over the gram index's matches; other filters
 * count, then walk the ordered index for the page.
 *
 * Every statement also returns the category stamp and the version its cached input was taken
 * at, so a stale cache is noticed in the same round trip. SQL: list-sql.ts.
 */
export { filteredPage } from './list-filtered';
export { unfilteredPage } from './list-unfiltered';
export type { PageRow } from './list-sql';
