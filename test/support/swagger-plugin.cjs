// The @nestjs/swagger CLI plugin for ts-jest, with the options nest-cli.json gives `nest build`,
// so the app under test documents exactly what the built server documents. The plugin reads
// types, so ts-jest compiles with a program (tsconfig.jest.json) instead of file by file.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const plugin = require('@nestjs/swagger/plugin');

const nestCli = JSON.parse(readFileSync(join(__dirname, '../../nest-cli.json'), 'utf8'));
const entry = nestCli.compilerOptions.plugins.find((p) => p.name === '@nestjs/swagger');

module.exports = {
  name: 'nestjs-swagger-plugin',
  version: 1,
  factory: (compiler) => plugin.before({ ...entry.options, esmCompatible: true }, compiler.program),
};
