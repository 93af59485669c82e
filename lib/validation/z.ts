// zod with this app's Chinese messages: every schema imports z from here, so whichever schema a
// screen or route loads first, the error map of zod-errors.ts is in force before it parses
// anything — and a screen that validates nothing loads no zod at all (the signed-in shell and the
// content list do not). ESLint refuses `from 'zod'` anywhere else.
import './zod-errors';

export { z, ZodError } from 'zod';
