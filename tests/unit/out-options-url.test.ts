import { scopedOutUrl } from '@/components/fields/out-auto/out-options';
import { isOwnOutOptions, outOptionsSourceClass } from '@/lib/fields/out-options-url';

describe('relation urls (out_auto)', () => {
  it('finds the source category of our own relation API, in any of the url forms a field may hold', () => {
    expect(outOptionsSourceClass({ url: 'news_manage/get_out_options?class_id=3' })).toBe(3);
    expect(
      outOptionsSourceClass({ url: '/api/v1/manage/news_manage/get_out_options?limit=5&class_id=17' }),
    ).toBe(17);
    expect(outOptionsSourceClass({ url: ' /news_manage/get_out_options?class_id=3 ' })).toBe(3);
    for (const url of [
      'news_manage/get_out_options',
      'news_manage/get_out_options?class_id=',
      'news_manage/get_out_options?class_id=03',
      'news_manage/get_out_options?class_id=3x',
      'news_manage/get_out_options_more?class_id=3',
      'news_manage/get_news_list?class_id=3',
      'https://example.com/news_manage/get_out_options?class_id=3',
    ])
      expect([url, outOptionsSourceClass({ url })]).toEqual([url, null]);
    expect(isOwnOutOptions({ url: 'news_manage/get_out_options' })).toBe(true);
  });

  it('names the category and field asking, for our own API only', () => {
    expect(
      scopedOutUrl({ url: 'news_manage/get_out_options?class_id=3', classId: 8, fieldKey: 'author' }),
    ).toBe('/news_manage/get_out_options?class_id=3&for_class_id=8&field=author');
    // Given twice by a hand-written url: the form's own values win.
    expect(
      scopedOutUrl({
        url: '/api/v1/manage/news_manage/get_out_options?class_id=3&for_class_id=1&field=x',
        classId: 8,
        fieldKey: 'author',
      }),
    ).toBe('/news_manage/get_out_options?class_id=3&for_class_id=8&field=author');
    expect(scopedOutUrl({ url: 'other_group/get_list?x=1', classId: 8, fieldKey: 'author' })).toBe(
      'other_group/get_list?x=1',
    );
    expect(
      scopedOutUrl({ url: 'news_manage/get_out_options?class_id=3', classId: null, fieldKey: 'a' }),
    ).toBe('news_manage/get_out_options?class_id=3');
  });
});
