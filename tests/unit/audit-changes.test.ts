import { auditChanges, auditValue, MAX_AUDIT_TEXT } from '@/lib/audit/changes';
import { detailText } from '@/lib/audit/detail-text';

describe('auditChanges', () => {
  it('names each changed field by its path, compares arrays whole, and ignores key order', () => {
    const before = { title: 'a', fields: { price: 1, tags: ['x'], same: { b: 1, a: 2 } }, gone: 'y' };
    const after = { title: 'a', fields: { price: 2, tags: ['x', 'z'], same: { a: 2, b: 1 } }, added: 0 };
    expect(auditChanges(before, after)).toEqual({
      'fields.price': { from: 1, to: 2 },
      'fields.tags': { from: ['x'], to: ['x', 'z'] },
      gone: { from: 'y', to: undefined },
      added: { from: undefined, to: 0 },
    });
  });

  it('takes a missing field for null and equal dates for no change', () => {
    expect(auditChanges({ a: null, at: new Date(5) }, { at: new Date(5) })).toEqual({});
  });

  it('leaves out keys that name a secret, at any depth; policy settings stay', () => {
    const changes = auditChanges(
      { password: 'a', nested: { token: 't1', passwordHash: 'h1' }, password_min_length: 8 },
      { password: 'b', nested: { token: 't2', passwordHash: 'h2' }, password_min_length: 10 },
    );
    expect(changes).toEqual({ password_min_length: { from: 8, to: 10 } });
  });
});

describe('auditValue', () => {
  it('cuts long text once, saying its length; drops secret keys; dates as ISO text', () => {
    const long = 'x'.repeat(MAX_AUDIT_TEXT + 100);
    const value = auditValue({
      text: long,
      when: new Date(0),
      deep: [{ secret: 's', keep: 1 }],
      gone: undefined,
    });
    expect(value).toEqual({
      text: `${'x'.repeat(MAX_AUDIT_TEXT)}…（共 ${MAX_AUDIT_TEXT + 100} 字）`,
      when: '1970-01-01T00:00:00.000Z',
      deep: [{ keep: 1 }],
      gone: null,
    });
  });
});

describe('detailText', () => {
  it('reads changes as before → after with Chinese names, then the other values', () => {
    expect(
      detailText({
        name: '王五',
        changes: { roles: { from: ['news_content'], to: ['admin'] }, is_disabled: { from: false, to: true } },
        values: { class_id: 3 },
        reason: '密码错误',
      }),
    ).toBe('角色：内容管理 → 超级管理员；停用：否 → 是；栏目 ID：3；原因：密码错误');
  });
});
