import { GET as getClassInfoRoute } from '@/app/api/v1/manage/news_manage/get_calss_info/route';
import { getDb } from '@/lib/db/client';
import { call } from '../helpers/api';
import { createClass, field, saveClass } from '../helpers/categories';
import { signedIn } from '../helpers/users';

let token: string;
beforeAll(async () => {
  ({ token } = await signedIn({ roles: ['admin'] }));
});

const addItems = async (classId: number, values: Record<string, unknown>[]) => {
  const db = await getDb();
  for (const [index, fields] of values.entries()) {
    await db.news.create({ data: { classId, title: `内容${index}`, fields: fields as object } });
  }
};
const storedValues = async (classId: number, key: string) => {
  const db = await getDb();
  const rows = await db.news.findMany({
    where: { classId },
    orderBy: { id: 'asc' },
    select: { fields: true },
  });
  return rows.map((row) => (row.fields as Record<string, unknown>)[key]);
};

describe('schema changes never lose data', () => {
  it('removing a field hides it but keeps the values; re-adding the key brings them back', async () => {
    const list = [field({ key: 'source', title: '来源' }), field({ key: 'memo', title: '备注' })];
    const id = await createClass(token, { content_fileds: { list } });
    await addItems(id, [{ source: '新华社', memo: 'a' }]);
    expect((await saveClass(token, { id, content_fileds: { list: [list[1]] } })).body.code).toBe(200);
    expect(await storedValues(id, 'source')).toEqual(['新华社']);
    expect((await saveClass(token, { id, content_fileds: { list } })).body.code).toBe(200);
    expect(await storedValues(id, 'source')).toEqual(['新华社']);
  });

  it('a single page hides removed values in get_calss_info and shows them again when re-added', async () => {
    const fields = [field({ key: 'phone', title: '电话' }), field({ key: 'addr', title: '地址' })];
    const id = await createClass(token, { class_type: '1', content_fileds: { class: fields } });
    const db = await getDb();
    await db.newsClass.update({ where: { id }, data: { classFields: { phone: '123', addr: '北京' } } });
    await saveClass(token, { id, class_type: '1', content_fileds: { class: [fields[0]] } });
    const info = async () =>
      (
        await call<{ class_fields: Record<string, unknown> }>(getClassInfoRoute, {
          token,
          query: { id: String(id) },
        })
      ).body.data.class_fields;
    expect(await info()).toEqual({ phone: '123' });
    await saveClass(token, { id, class_type: '1', content_fileds: { class: fields } });
    expect(await info()).toEqual({ phone: '123', addr: '北京' });
  });

  it('refuses a type change while values cannot be represented, naming them, and changes nothing', async () => {
    const id = await createClass(token, {
      content_fileds: { list: [field({ key: 'price', title: '价格' })] },
    });
    await addItems(id, [{ price: '12' }, { price: 'abc' }, { price: '十二' }, {}]);
    const result = await saveClass(token, {
      id,
      content_fileds: { list: [field({ key: 'price', title: '价格', type: 'int' })] },
    });
    expect(result.body.code).toBe(400);
    expect(result.body.message).toMatch(
      /字段「价格」不能由「单行文本」改为「整数」：有 2 条已保存的值无法转换（例如：abc、十二）/,
    );
    expect(await storedValues(id, 'price')).toEqual(['12', 'abc', '十二', undefined]);
    const db = await getDb();
    const stored = await db.newsClass.findUniqueOrThrow({ where: { id } });
    expect((stored.contentFields as { list: { type: string }[] }).list[0].type).toBe('string');
  });

  it('allows a type change when every value fits, converting them to the new storage form', async () => {
    const id = await createClass(token, { content_fileds: { list: [field({ key: 'qty', title: '数量' })] } });
    await addItems(id, [{ qty: '12' }, { qty: '-3' }, { qty: null }]);
    const result = await saveClass(token, {
      id,
      content_fileds: { list: [field({ key: 'qty', title: '数量', type: 'int' })] },
    });
    expect(result.body.code).toBe(200);
    expect(await storedValues(id, 'qty')).toEqual([12, -3, null]);
  });

  it('converts a big category in batches, every value exactly', async () => {
    const id = await createClass(token, { content_fileds: { list: [field({ key: 'qty', title: '数量' })] } });
    const db = await getDb();
    // 2,500 items (three batches): text numbers, some empty, some without the key at all.
    await db.$executeRaw`
      INSERT INTO news (class_id, title, fields, updated_at)
      SELECT ${id}, '条' || g, CASE WHEN g % 10 = 0 THEN '{}'::jsonb WHEN g % 7 = 0 THEN '{"qty": ""}'::jsonb ELSE jsonb_build_object('qty', (g - 1000)::text) END, now()
      FROM generate_series(1, 2500) g`;
    const result = await saveClass(token, {
      id,
      content_fileds: { list: [field({ key: 'qty', title: '数量', type: 'int' })] },
    });
    expect(result.body.code).toBe(200);
    const values = await storedValues(id, 'qty');
    expect(values).toHaveLength(2500);
    values.forEach((value, index) => {
      const g = index + 1;
      expect(value).toEqual(g % 10 === 0 ? undefined : g % 7 === 0 ? null : g - 1000);
    });
  });

  it('checks select options and group rows too', async () => {
    const id = await createClass(token, {
      content_fileds: { list: [field({ key: 'level', title: '级别' })] },
    });
    await addItems(id, [{ level: 'high' }, { level: 'weird' }]);
    const toSelect = field({
      key: 'level',
      title: '级别',
      type: 'select',
      options: [
        { label: '高', value: 'high' },
        { label: '低', value: 'low' },
      ],
    });
    expect((await saveClass(token, { id, content_fileds: { list: [toSelect] } })).body.message).toMatch(
      /有 1 条已保存的值无法转换（例如：weird）/,
    );

    const group = (childType: string) =>
      field({
        key: 'rows',
        title: '明细',
        type: 'child_info',
        child_info: [field({ key: 'n', title: '数', type: childType })],
      });
    const gid = await createClass(token, { content_fileds: { list: [group('string')] } });
    await addItems(gid, [{ rows: [{ n: '1' }, { n: 'x' }] }]);
    expect(
      (await saveClass(token, { id: gid, content_fileds: { list: [group('int')] } })).body.message,
    ).toMatch(/字段「明细」不能由/);
  });

  it('applies the same rule to a single page’s saved values', async () => {
    const id = await createClass(token, {
      class_type: '1',
      content_fileds: { class: [field({ key: 'year', title: '年份' })] },
    });
    const db = await getDb();
    await db.newsClass.update({ where: { id }, data: { classFields: { year: '二〇二六' } } });
    const result = await saveClass(token, {
      id,
      class_type: '1',
      content_fileds: { class: [field({ key: 'year', title: '年份', type: 'int' })] },
    });
    expect(result.body.message).toMatch(/字段「年份」不能由「单行文本」改为「整数」/);
    await db.newsClass.update({ where: { id }, data: { classFields: { year: '2026' } } });
    expect(
      (
        await saveClass(token, {
          id,
          class_type: '1',
          content_fileds: { class: [field({ key: 'year', title: '年份', type: 'int' })] },
        })
      ).body.code,
    ).toBe(200);
    expect((await db.newsClass.findUniqueOrThrow({ where: { id } })).classFields).toEqual({ year: 2026 });
  });
});
