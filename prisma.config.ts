import { defineConfig } from 'prisma/config';

// The Prisma CLI is only used for `prisma generate` here; migrations are applied by lib/db/migrate.ts.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
