import dayjs from 'dayjs';
import { formatDateTime, relativeTime } from '@/lib/fields/relative-time';

const NOW = dayjs('2026-05-20 12:00:00').valueOf();
const ago = (seconds: number) => Math.floor(NOW / 1000) - seconds;

describe('relativeTime', () => {
  it.each([
    { name: '0 秒是刚刚', time: ago(0), expected: '刚刚' },
    { name: '29 秒仍是刚刚', time: ago(29), expected: '刚刚' },
    { name: '30 秒是 1分钟前', time: ago(30), expected: '1分钟前' },
    { name: '5 分钟', time: ago(5 * 60 + 10), expected: '5分钟前' },
    { name: '59 分 59 秒', time: ago(3599), expected: '59分钟前' },
    { name: '整 1 小时', time: ago(3600), expected: '1小时前' },
    { name: '23 小时 59 分', time: ago(24 * 3600 - 1), expected: '23小时前' },
    { name: '整 24 小时是 1天前', time: ago(24 * 3600), expected: '1天前' },
    { name: '47 小时仍是 1天前', time: ago(47 * 3600), expected: '1天前' },
    { name: '48 小时起显示日期', time: ago(48 * 3600), expected: '2026-05-18 12:00' },
    { name: '13 位毫秒时间戳', time: NOW - 90_000, expected: '1分钟前' },
    { name: '将来的时间显示日期', time: ago(-3600), expected: '2026-05-20 13:00' },
    { name: '不是时间', time: 'abc', expected: '' },
    { name: '空值', time: null, expected: '' },
  ])('$name', ({ time, expected }) => expect(relativeTime({ time, now: NOW })).toBe(expected));
});

describe('formatDateTime', () => {
  it('formats seconds as yyyy-mm-dd hh:mm', () =>
    expect(formatDateTime({ time: dayjs('2026-01-02 03:04:05').unix() })).toBe('2026-01-02 03:04'));
  it('reads a 10-digit text as seconds', () =>
    expect(formatDateTime({ time: String(dayjs('2026-01-02 03:04').unix()) })).toBe('2026-01-02 03:04'));
});
