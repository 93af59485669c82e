import { FILE_IN_USE_FORBIDDEN } from '@/lib/uploads/delete-rule';
import { categoryBody, fieldValues, itemBody, storedSettings, type Fixtures } from './route-fixtures';

export { fixturesIntact, setUpFixtures, type Fixtures } from './route-fixtures';

// A harmless, well-formed call for every manage route: it passes validation and reaches the
// service, on category A (which the category-limited user may use) or on an id no row has, so
// the authorization matrix can tell "let through" from "refused" and the fuzzer has valid input
// to break one piece at a time. A route without a probe fails both suites.

type Input = Record<string, unknown>;

export type Probe = {
  input: (fx: Fixtures) => Input;
  /** The HTTP status a caller the route lets in gets for `input`. */
  status: number;
  /** The call aimed at category B: the limited user must get 403 没有该栏目的权限. */
  otherCategory?: (fx: Fixtures) => Input;
  /** The 403 message of `otherCategory` when the route words it its own way. */
  otherCategoryMessage?: string;
  /** A valid input for the fuzzer to break, when `input` is deliberately refused (to change nothing). */
  fuzzBase?: (fx: Fixtures) => Input;
  /** The call writes for a caller it lets in (no harmless input exists): the matrix then does not
   * expect the data unchanged (the fuzzer still checks that every refusal changes nothing). */
  writes?: true;
};

const record = (newsId: number) => ({
  news_id: newsId,
  process: 1,
  title: '记录',
  time: 1_767_225_600,
  remark: '备注',
  attachments: [],
});

export const PROBES: Record<string, Probe> = {
  'DELETE class_manage/del_class': { input: (fx) => ({ id: fx.missing }), status: 404 },
  'GET class_manage/get_class_list': { input: () => ({}), status: 200 },
  'GET class_manage/get_class_one': { input: (fx) => ({ id: fx.classA }), status: 200 },
  'GET class_manage/get_class_router': { input: () => ({}), status: 200 },
  'GET news_manage/get_home_overview': { input: () => ({}), status: 200 },
  'POST class_manage/save_class': {
    input: (fx) => ({ ...categoryBody('改名'), id: fx.missing }),
    status: 404,
    fuzzBase: (fx) => ({ ...categoryBody('改名'), id: fx.classB }),
  },
  'POST class_manage/sort_class': {
    input: (fx) => ({ id: fx.missing, parent_id: null, sort: 0 }),
    status: 404,
    fuzzBase: (fx) => ({ id: fx.classB, parent_id: fx.classA, sort: 0 }),
  },
  'POST login/change_password': {
    input: () => ({ old_password: '', new_password: 'Another1234' }),
    status: 400,
  },
  'POST login/end_my_session': { input: (fx) => ({ id: fx.missing }), status: 404 },
  // Two-factor: nobody in the fixtures has it on, so a code is refused without changing anything.
  'POST login/confirm_two_factor': { input: () => ({ code: '123456' }), status: 400 },
  'POST login/disable_two_factor': { input: () => ({ code: '123456' }), status: 400 },
  'GET login/get_two_factor': { input: () => ({}), status: 200 },
  'POST login/login_two_factor': { input: () => ({ ticket: 'not-a-ticket', code: '123456' }), status: 400 },
  'POST login/renew_recovery_codes': { input: () => ({ code: '123456' }), status: 400 },
  // Stores a pending secret for the caller: the only input it has.
  'POST login/start_two_factor': { input: () => ({}), status: 200, writes: true },
  'GET login/get_my_sessions': { input: () => ({ page: 1, limit: 10 }), status: 200 },
  'GET login/info': { input: () => ({}), status: 200 },
  'POST login/login': {
    input: () => ({ username: '', password: 'x' }),
    status: 400,
    fuzzBase: () => ({ username: 'someone', password: 'Wrong-pass-1' }),
  },
  'POST login/logout': { input: () => ({}), status: 200 },
  'POST manage_user/reset_two_factor': { input: (fx) => ({ id: fx.missing }), status: 404 },
  'DELETE manage_user/del_user': {
    input: (fx) => ({ id: fx.missing }),
    status: 404,
    fuzzBase: (fx) => ({ id: fx.spareUser }),
  },
  'GET manage_user/get_class_tree': { input: () => ({}), status: 200 },
  'GET manage_user/get_user_list': { input: () => ({ page: 1, limit: 20, keyword: 'u' }), status: 200 },
  'POST manage_user/reset_password': {
    input: (fx) => ({ id: fx.missing, password: 'Start12345x' }),
    status: 404,
    fuzzBase: (fx) => ({ id: fx.spareUser, password: 'Start12345x' }),
  },
  'POST manage_user/save_user': {
    input: (fx) => ({
      id: fx.missing,
      username: 'probe_user',
      name: '探针',
      roles: ['news_content'],
      class_ids: [fx.classA],
      avatar: '',
      introduction: '简介',
      is_disabled: false,
    }),
    status: 404,
    fuzzBase: (fx) => ({
      ...PROBES['POST manage_user/save_user'].input(fx),
      id: fx.spareUser,
      username: `spare_${fx.single}`,
    }),
  },
  'DELETE news_manage/del_news': {
    input: (fx) => ({ ids: [fx.missing] }),
    status: 404,
    otherCategory: (fx) => ({ ids: [fx.itemB] }),
  },
  'POST news_manage/del_oss_file': {
    input: () => ({ name: `${'0'.repeat(32)}.png` }),
    status: 404,
    // A file item B uses, uploaded by someone else.
    otherCategory: (fx) => ({ name: fx.fileB }),
    otherCategoryMessage: FILE_IN_USE_FORBIDDEN,
  },
  'DELETE news_manage/del_process': {
    input: (fx) => ({ id: fx.missing }),
    status: 404,
    otherCategory: (fx) => ({ id: fx.recordB }),
  },
  'GET news_manage/export_news': {
    input: (fx) => ({ class_id: fx.classA, title: '标题', f_num_start: 1, f_pick: 'a' }),
    status: 200,
    otherCategory: (fx) => ({ class_id: fx.classB }),
  },
  'GET news_manage/get_calss_info': {
    input: (fx) => ({ id: fx.classA }),
    status: 200,
    otherCategory: (fx) => ({ id: fx.classB }),
  },
  'GET news_manage/get_hr_status_list': {
    input: (fx) => ({ class_id: fx.classA }),
    status: 200,
    otherCategory: (fx) => ({ class_id: fx.classB }),
  },
  'GET news_manage/get_news_list': {
    input: (fx) => ({
      class_id: fx.classA,
      page: 1,
      limit: 10,
      title: '标题',
      process: 1,
      f_text: '文',
      f_num_start: 1,
      f_num_end: 9,
      f_pick: 'a',
      f_tags: 1,
      f_day_start: '2026-01-01',
      f_time_end: '2026-12-31',
    }),
    status: 200,
    otherCategory: (fx) => ({ class_id: fx.classB }),
  },
  'GET news_manage/get_news_one': {
    input: (fx) => ({ id: fx.itemA }),
    status: 200,
    otherCategory: (fx) => ({ id: fx.itemB }),
  },
  'GET news_manage/get_news_revisions': {
    input: (fx) => ({ id: fx.itemA }),
    status: 200,
    otherCategory: (fx) => ({ id: fx.itemB }),
  },
  // Revisions no item has: the call reaches the service and answers 404, changing nothing.
  'GET news_manage/get_news_revision': {
    input: (fx) => ({ id: fx.itemA, rev: 1_000_000 }),
    status: 404,
    otherCategory: (fx) => ({ id: fx.itemB, rev: 1 }),
  },
  'GET news_manage/diff_news_revisions': {
    input: (fx) => ({ id: fx.itemA, from: 1_000_000 }),
    status: 404,
    otherCategory: (fx) => ({ id: fx.itemB, from: 1 }),
  },
  'POST news_manage/revert_news': {
    input: (fx) => ({ id: fx.itemA, rev: 1_000_000 }),
    status: 404,
    otherCategory: (fx) => ({ id: fx.itemB, rev: 1 }),
  },
  // The single page lies outside category A (the limited user's): aimed at no category, 404; the
  // page itself is the call on another category.
  'GET news_manage/get_class_info_revisions': {
    input: (fx) => ({ id: fx.missing }),
    status: 404,
    otherCategory: (fx) => ({ id: fx.single }),
    fuzzBase: (fx) => ({ id: fx.single }),
  },
  'GET news_manage/diff_class_info_revisions': {
    input: (fx) => ({ id: fx.missing, from: 1 }),
    status: 404,
    otherCategory: (fx) => ({ id: fx.single, from: 1 }),
    fuzzBase: (fx) => ({ id: fx.single, from: 1 }),
  },
  'POST news_manage/revert_class_info': {
    input: (fx) => ({ id: fx.missing, rev: 1 }),
    status: 404,
    otherCategory: (fx) => ({ id: fx.single, rev: 1 }),
  },
  'GET news_manage/get_out_options': {
    input: (fx) => ({
      class_id: fx.classA,
      keyword: '标',
      ids: `${fx.itemA}`,
      limit: 50,
      // The form asking (its category and relation field): read only when class_id is not the caller's.
      for_class_id: fx.classA,
      field: 'f_text',
    }),
    status: 200,
    // Naming one's own category is no key to another: f_text is no relation to B (see out-options.test.ts).
    otherCategory: (fx) => ({ class_id: fx.classB, for_class_id: fx.classA, field: 'f_text' }),
  },
  'GET news_manage/get_recycle_list': {
    input: (fx) => ({ class_id: fx.classA, page: 1, limit: 10, title: '回收站' }),
    status: 200,
    otherCategory: (fx) => ({ class_id: fx.classB }),
  },
  'POST news_manage/restore_news': {
    input: (fx) => ({ ids: [fx.missing] }),
    status: 404,
    otherCategory: (fx) => ({ ids: [fx.binB] }),
    fuzzBase: (fx) => ({ ids: [fx.binA], class_id: fx.classA }),
  },
  'DELETE news_manage/purge_news': {
    input: (fx) => ({ ids: [fx.missing] }),
    status: 404,
    otherCategory: (fx) => ({ ids: [fx.binB] }),
    fuzzBase: (fx) => ({ ids: [fx.binA] }),
  },
  'GET news_manage/get_process_flow': {
    input: (fx) => ({ class_id: fx.classA }),
    status: 200,
    otherCategory: (fx) => ({ class_id: fx.classB }),
  },
  'GET news_manage/get_process_list': {
    input: (fx) => ({ id: fx.itemA, process: 1 }),
    status: 200,
    otherCategory: (fx) => ({ id: fx.itemB }),
  },
  'GET news_manage/get_process_steps': {
    input: (fx) => ({ id: fx.itemA }),
    status: 200,
    otherCategory: (fx) => ({ id: fx.itemB }),
  },
  'POST news_manage/lock_news': {
    input: (fx) => ({ id: fx.missing, is_lock: 1 }),
    status: 404,
    otherCategory: (fx) => ({ id: fx.itemB, is_lock: 1 }),
    fuzzBase: (fx) => ({ id: fx.itemA, is_lock: 0 }),
  },
  'POST news_manage/move_news': {
    input: (fx) => ({ ids: [fx.missing], class_id: fx.classA }),
    status: 404,
    otherCategory: (fx) => ({ ids: [fx.itemB], class_id: fx.classA }),
    fuzzBase: (fx) => ({ ids: [fx.itemA], class_id: fx.classB }),
  },
  'POST news_manage/save_class_info': {
    input: (fx) => ({ id: fx.missing, title: '单页' }),
    status: 404,
    otherCategory: (fx) => ({ id: fx.classB, title: '单页' }),
    fuzzBase: (fx) => ({ id: fx.single, ...fieldValues }),
  },
  'POST news_manage/save_news_info': {
    input: (fx) => ({ ...itemBody(fx.classA), id: fx.missing }),
    status: 404,
    otherCategory: (fx) => itemBody(fx.classB),
    fuzzBase: (fx) => ({ ...itemBody(fx.classA), id: fx.itemA }),
  },
  'POST news_manage/save_process': {
    input: (fx) => record(fx.missing),
    status: 404,
    otherCategory: (fx) => record(fx.itemB),
    fuzzBase: (fx) => ({ ...record(fx.itemA), id: fx.recordA }),
  },
  'POST news_manage/upload_one_file': { input: () => ({}), status: 400 },
  // 导入: without a file nothing is read or written; a job no one started answers 404.
  'POST news_manage/import_news': { input: () => ({}), status: 400 },
  'GET news_manage/get_import_template': {
    input: (fx) => ({ class_id: fx.classA }),
    status: 200,
    otherCategory: (fx) => ({ class_id: fx.classB }),
  },
  'GET news_manage/get_import_status': {
    input: () => ({ job: '00000000-0000-4000-8000-000000000000' }),
    status: 404,
  },
  'GET news_manage/export_import_errors': {
    input: () => ({ job: '00000000-0000-4000-8000-000000000000' }),
    status: 404,
  },
  'GET system_set/export_log': { input: () => ({ action: 'login' }), status: 200 },
  'GET system_set/get_log_list': { input: () => ({ page: 1, limit: 10 }), status: 200 },
  'GET system_set/get_system_set': { input: () => ({}), status: 200 },
  'POST system_set/save_system_set': {
    input: () => ({ ...storedSettings(), title: '' }),
    status: 400,
    fuzzBase: () => storedSettings(),
  },
  // 敏感词: the fixtures have no words; a save with an empty word changes nothing.
  'GET system_set/get_sensitive_words': {
    input: () => ({ page: 1, limit: 20, list: 'deny', level: 'warn' }),
    status: 200,
  },
  'POST system_set/save_sensitive_word': {
    input: () => ({ word: '', level: 'block' }),
    status: 400,
    fuzzBase: () => ({ word: '测试词', level: 'replace', replacement: '**', note: '说明', list: 'deny' }),
  },
  'DELETE system_set/del_sensitive_word': { input: (fx) => ({ ids: [fx.missing] }), status: 404 },
  // Multipart only: a JSON body is refused before anything is read.
  'POST system_set/import_sensitive_words': { input: () => ({}), status: 400 },
  'GET system_set/export_sensitive_words': { input: () => ({ list: 'deny' }), status: 200 },
  'POST news_manage/check_sensitive': {
    input: (fx) => ({ ...itemBody(fx.classA) }),
    status: 200,
    otherCategory: (fx) => itemBody(fx.classB),
  },
  'POST news_manage/scan_sensitive': {
    input: (fx) => ({ class_id: fx.classA, after_id: 0, limit: 50 }),
    status: 200,
    otherCategory: (fx) => ({ class_id: fx.classB }),
  },
};
