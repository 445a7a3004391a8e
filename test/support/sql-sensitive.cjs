// Which medium and e2e files run on PostgreSQL as well as on the embedded database (issue #41).
// A file whose behaviour depends on the SQL engine says so in a comment line of its own:
//
//   /**
//    * @sql-sensitive cohort membership compiled to SQL
//    */
//
// `npm test` runs every file on the embedded database; `npm run test:database` (CI's PostgreSQL
// pass) runs only the marked ones, through this Jest filter (jest.config.js sets it when
// JEST_SQL_SENSITIVE_ONLY is set). A file that touches the database or an SQL-backed route but
// does not depend on the engine says why with `@sql-insensitive <why>`, so that
// test/medium/sql-sensitive-marking.medium-spec.ts can tell a decision from an oversight.
const { readFileSync } = require('node:fs');

const TAG = /^[ \t]*(?:\/\*\*|\*|\/\/)[ \t]*@sql-(sensitive|insensitive)\b[ \t]*(.*)$/m;

/** 'sensitive', 'insensitive' or undefined (not marked), and the reason given. */
function marking(source) {
  const m = TAG.exec(source);
  return m ? { tag: m[1], why: m[2].replace(/\*\/\s*$/, '').trim() } : undefined;
}

function isSqlSensitive(path) {
  return marking(readFileSync(path, 'utf8'))?.tag === 'sensitive';
}

module.exports = async function filter(testPaths) {
  return { filtered: testPaths.filter(isSqlSensitive).map((test) => ({ test })) };
};
module.exports.marking = marking;
module.exports.isSqlSensitive = isSqlSensitive;
