import { checkLoginInput } from '@/lib/auth/login-rules';
import { ZLoginInput } from '@/lib/auth/schemas';

// The login page checks its fields without zod; it must agree with the API's schema.
describe('checkLoginInput agrees with ZLoginInput', () => {
  const cases = [
    { username: '', password: '' },
    { username: '   ', password: 'x' },
    { username: ' admin ', password: '' },
    { username: ' admin ', password: 'Secret-1' },
    { username: 'a'.repeat(64), password: 'p'.repeat(128) },
    { username: 'a'.repeat(65), password: 'p'.repeat(129) },
    { username: `${'a'.repeat(64)}  `, password: ' ' },
  ];

  it.each(cases)('%j', (input) => {
    const checked = checkLoginInput(input);
    const parsed = ZLoginInput.safeParse(input);
    if (parsed.success) {
      expect(checked.errors).toBeNull();
      expect(checked.data).toEqual(parsed.data);
    } else {
      const expected: Record<string, string> = {};
      for (const issue of parsed.error.issues) expected[String(issue.path[0])] ??= issue.message;
      expect(checked.errors).toEqual(expected);
    }
  });
});
