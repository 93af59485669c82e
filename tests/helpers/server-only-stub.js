// `server-only` throws outside React's server bundle; under jest every module is server-side.
module.exports = {};
