// lib/db/client as tests/unit sees it (jest.config.js): modules may import it, none may open a database.
const refuse = () => {
  throw new Error('tests/unit 不打开数据库：需要数据库的用例放到 tests/api 或 tests/db');
};
module.exports = {
  getDb: async () => refuse(),
  getSql: async () => refuse(),
  getPgPool: async () => refuse(),
  closeDb: async () => {},
};
