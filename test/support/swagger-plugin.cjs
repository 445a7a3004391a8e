// The @nestjs/swagger CLI plugin for ts-jest, with the options nest-cli.json gives `nest build`
// (jest.config.js passes them), so the app under test documents exactly what the built server
// documents. The plugin reads types, so ts-jest compiles with a program (tsconfig.jest.json)
// instead of file by file; Jest runs ES modules, hence esmCompatible (lazy type imports as
// `import()`; `nest build` emits CommonJS).
const plugin = require('@nestjs/swagger/plugin');

module.exports = {
  name: 'nestjs-swagger-plugin',
  version: 1,
  factory: (compiler, options) => plugin.before({ ...options, esmCompatible: true }, compiler.program),
};
