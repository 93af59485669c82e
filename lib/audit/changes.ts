import type { AuditChange } from './actions';

// How values enter an entry's detail (lib/audit/record.ts runs every detail through auditValue):
// never a secret, never a whole long text. No server-only imports: plain functions, unit-tested.

/** Keys whose values never enter the log, at any depth: passwords, hashes, tokens, secrets. */
const SECRET_KEY = /(password|passwd|hash|token|secret)$/i;
/** Longer text is cut: a log of years must not keep every article twice. */
export const MAX_AUDIT_TEXT = 500;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

export const isSecretKey = (key: string) => SECRET_KEY.test(key);

/** A value as an entry keeps it: long text cut, dates as ISO text, secret keys removed from objects. */
export const auditValue = (value: unknown): unknown => {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') {
    return value.length > MAX_AUDIT_TEXT
      ? `${value.slice(0, MAX_AUDIT_TEXT)}…（共 ${value.length} 字）`
      : value;
  }
  if (Array.isArray(value)) return value.map(auditValue);
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !isSecretKey(key))
        .map(([key, inner]) => [key, auditValue(inner)]),
    );
  }
  return value;
};

/** JSON with sorted keys, so two equal objects compare equal whatever their key order. */
export const canonical = (value: unknown): string => {
  const plain = value === undefined ? null : value instanceof Date ? value.toISOString() : value;
  if (Array.isArray(plain)) return `[${plain.map(canonical).join(',')}]`;
  if (isPlainObject(plain)) {
    const keys = Object.keys(plain)
      .filter((key) => plain[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(plain[key])}`).join(',')}}`;
  }
  return JSON.stringify(typeof plain === 'bigint' ? plain.toString() : plain);
};

/**
 * The fields that differ between `before` and `after`, each as {from, to}. Nested objects are
 * walked, so a change reads `fields.price` instead of repeating the whole object; arrays compare
 * whole. A missing field and null are the same. Keys naming a secret are left out.
 */
export const auditChanges = (
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  prefix = '',
): Record<string, AuditChange> => {
  const changes: Record<string, AuditChange> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (isSecretKey(key)) continue;
    const [from, to] = [before[key], after[key]];
    if (isPlainObject(from) && isPlainObject(to)) {
      Object.assign(changes, auditChanges(from, to, `${prefix}${key}.`));
    } else if (canonical(from) !== canonical(to)) {
      // As they are: recordAudit makes them loggable (auditValue) once, when it writes the entry.
      changes[`${prefix}${key}`] = { from, to };
    }
  }
  return changes;
};
