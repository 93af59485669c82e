// A progress line on the console while the app starts, for a step that takes seconds (creating the
// embedded database, migrating), so the start does not look hung. Not under jest (NODE_ENV=test):
// every test database is created or migrated there, and nobody is waiting on a start.
export const startUpLine = (text: string) => {
  if (process.env.NODE_ENV !== 'test') console.log(text);
};
