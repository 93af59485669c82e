import fs from 'node:fs';
import path from 'node:path';
import { get_dmmf } from '@prisma/prisma-schema-wasm';

type DmmfField = {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'object' | 'enum';
  isList: boolean;
  isRequired: boolean;
  hasDefaultValue: boolean;
  isUpdatedAt: boolean;
  type: string;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
};
type DmmfModel = { name: string; dbName?: string | null; fields: DmmfField[] };
type DmmfIndex = { model: string; type: 'id' | 'unique' | 'normal' | 'fulltext'; fields: { name: string }[] };

export type ColumnShape = { type: string; isNullable: boolean; hasDefault: boolean };
export type DbShape = {
  columns: Record<string, Record<string, ColumnShape>>;
  indexes: string[];
  foreignKeys: string[];
};

const readDmmf = () => {
  const schema = fs.readFileSync(path.join(process.cwd(), 'prisma', 'schema.prisma'), 'utf8');
  const dmmf = JSON.parse(get_dmmf(JSON.stringify({ prismaSchema: [['schema.prisma', schema]] })));
  return dmmf.datamodel as { models: DmmfModel[]; indexes: DmmfIndex[] };
};

const scalarType = (field: DmmfField) => {
  const [native, args = []] = field.nativeType ?? [field.type === 'DateTime' ? 'Timestamp' : '', ['3']];
  switch (field.type) {
    case 'String':
      if (native === 'VarChar') return `varchar(${args[0]})`;
      if (native === 'Char') return `bpchar(${args[0]})`;
      return 'text';
    case 'Int':
      return 'int4';
    case 'BigInt':
      return 'int8';
    case 'Boolean':
      return 'bool';
    case 'Float':
      return 'float8';
    case 'Json':
      return 'jsonb';
    case 'DateTime':
      return `${native === 'Timestamptz' ? 'timestamptz' : 'timestamp'}(${args[0] ?? 3})`;
    default:
      return `unsupported:${field.type}`;
  }
};

/** What schema.prisma says the database must look like, in the same terms as readDbShape. */
export const expectedShape = (): DbShape => {
  const { models, indexes } = readDmmf();
  const byName = new Map(models.map((model) => [model.name, model]));
  const table = (model: DmmfModel) => model.dbName ?? model.name;
  const column = (model: DmmfModel, fieldName: string) => {
    const field = model.fields.find((f) => f.name === fieldName);
    return field?.dbName ?? fieldName;
  };
  const columns: DbShape['columns'] = {};
  const foreignKeys: string[] = [];
  for (const model of models) {
    columns[table(model)] = {};
    for (const field of model.fields) {
      if (field.kind === 'object') {
        if (field.relationFromFields?.length) {
          const target = byName.get(field.type) as DmmfModel;
          foreignKeys.push(
            `${table(model)}(${field.relationFromFields.map((f) => column(model, f)).join(',')}) -> ${table(target)}(${(field.relationToFields ?? []).map((f) => column(target, f)).join(',')})`,
          );
        }
        continue;
      }
      const base = scalarType(field);
      columns[table(model)][field.dbName ?? field.name] = {
        type: field.isList ? `${base}[]` : base,
        isNullable: field.isList ? true : !field.isRequired,
        hasDefault: field.hasDefaultValue,
      };
    }
  }
  const indexList = indexes.map((index) => {
    const model = byName.get(index.model) as DmmfModel;
    const kind = index.type === 'normal' ? 'index' : index.type === 'id' ? 'primary' : 'unique';
    return `${table(model)} ${kind} (${index.fields.map((f) => column(model, f.name)).join(',')})`;
  });
  return { columns, indexes: indexList.sort(), foreignKeys: foreignKeys.sort() };
};

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/** The live database's tables, columns, indexes and foreign keys (public schema, Prisma's table excluded). */
export const readDbShape = async (query: Query): Promise<DbShape> => {
  const columnRows = await query(`
    SELECT c.relname AS table_name, a.attname AS column_name,
           format_type(a.atttypid, a.atttypmod) AS formatted, t.typname, a.attnotnull AS not_null,
           pg_get_expr(d.adbin, d.adrelid) AS default_expr, a.atttypmod AS typmod, a.attndims AS dims
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid AND c.relkind = 'r'
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    JOIN pg_type t ON t.oid = a.atttypid
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relname <> '_prisma_migrations'`);
  const normalise = (formatted: string) =>
    formatted
      .replace(/^character varying/, 'varchar')
      .replace(/^character\(/, 'bpchar(')
      .replace(/^integer/, 'int4')
      .replace(/^bigint/, 'int8')
      .replace(/^boolean/, 'bool')
      .replace(/^double precision/, 'float8')
      .replace(/^timestamp\((\d)\) with time zone/, 'timestamptz($1)')
      .replace(/^timestamp\((\d)\) without time zone/, 'timestamp($1)');
  const columns: DbShape['columns'] = {};
  for (const row of columnRows) {
    const tableName = String(row.table_name);
    columns[tableName] ??= {};
    columns[tableName][String(row.column_name)] = {
      type: normalise(String(row.formatted)),
      isNullable: !row.not_null,
      hasDefault: row.default_expr !== null,
    };
  }
  const indexRows = await query(`
    SELECT t.relname AS table_name, ix.indisprimary AS is_primary, ix.indisunique AS is_unique,
           array_to_string(ARRAY(SELECT a.attname FROM unnest(ix.indkey) WITH ORDINALITY k(attnum, ord)
             JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.ord), ',') AS cols
    FROM pg_index ix
    JOIN pg_class t ON t.oid = ix.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
    WHERE t.relname <> '_prisma_migrations' AND NOT (0 = ANY(ix.indkey::int2[]))`);
  // Expression indexes (search) cannot be written in schema.prisma; the drift test lists them apart.
  const indexes = indexRows
    .map(
      (row) =>
        `${row.table_name} ${row.is_primary ? 'primary' : row.is_unique ? 'unique' : 'index'} (${row.cols})`,
    )
    .sort();
  const fkRows = await query(`
    SELECT src.relname AS src, dst.relname AS dst,
      array_to_string(ARRAY(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
        JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord), ',') AS src_cols,
      array_to_string(ARRAY(SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
        JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord), ',') AS dst_cols
    FROM pg_constraint con
    JOIN pg_class src ON src.oid = con.conrelid
    JOIN pg_class dst ON dst.oid = con.confrelid
    JOIN pg_namespace n ON n.oid = src.relnamespace AND n.nspname = 'public'
    WHERE con.contype = 'f'`);
  const foreignKeys = fkRows
    .map((row) => `${row.src}(${row.src_cols}) -> ${row.dst}(${row.dst_cols})`)
    .sort();
  return { columns, indexes, foreignKeys };
};
