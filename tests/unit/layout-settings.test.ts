import { DEFAULT_LAYOUT_SETTINGS, layoutSettingsFrom } from '@/components/layout/settings-store';

// 布局设置 as read back from localStorage: whatever is stored there (an older version's keys, a
// hand edit, another site's junk) yields valid settings, and a bad value costs only itself.
describe('布局设置从 localStorage 读回', () => {
  test('合法的值原样保留', () => {
    const stored = {
      theme: '#722ed1',
      showSettings: false,
      tagsView: false,
      fixedHeader: true,
      sidebarLogo: true,
    };
    expect(layoutSettingsFrom(stored)).toEqual(stored);
  });

  test('一项不合法只影响这一项，其余选择保留', () => {
    expect(layoutSettingsFrom({ theme: 'red', fixedHeader: true, tagsView: 'yes' })).toEqual({
      ...DEFAULT_LAYOUT_SETTINGS,
      fixedHeader: true,
    });
    expect(layoutSettingsFrom({ theme: '#12345g', sidebarLogo: true }).theme).toBe(
      DEFAULT_LAYOUT_SETTINGS.theme,
    );
  });

  test('不是对象（null、数组、数字、字符串）时用默认值，多余的键被丢弃', () => {
    for (const stored of [null, [], 42, 'x', undefined])
      expect(layoutSettingsFrom(stored)).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(Object.keys(layoutSettingsFrom({ theme: '#ffffff', extra: 1 })).sort()).toEqual(
      Object.keys(DEFAULT_LAYOUT_SETTINGS).sort(),
    );
  });
});
