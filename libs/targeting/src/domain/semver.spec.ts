import { compareVersions, parseRequirement, parseVersion, satisfies } from './semver';

const v = (text: string) => {
  const version = parseVersion(text);
  if (!version) throw new Error(`not a version: ${text}`);
  return version;
};

describe("versions, as PostHog's flags service reads them", () => {
  it.each([
    ['1.2.3', { major: '1', minor: '2', patch: '3', pre: '', build: '' }],
    ['v1.2.3', { major: '1', minor: '2', patch: '3', pre: '', build: '' }],
    [' 1.2.3 ', { major: '1', minor: '2', patch: '3', pre: '', build: '' }],
    ['3.08', { major: '3', minor: '8', patch: '0', pre: '', build: '' }],
    ['2', { major: '2', minor: '0', patch: '0', pre: '', build: '' }],
    ['1.2.3-beta.1+exp.sha', { major: '1', minor: '2', patch: '3', pre: 'beta.1', build: 'exp.sha' }],
    ['18446744073709551615.0.0', { major: '18446744073709551615', minor: '0', patch: '0', pre: '', build: '' }],
  ])('%j parses', (text, expected) => {
    expect(parseVersion(text)).toEqual(expected);
  });

  it.each([
    '',
    'V1.2.3',
    ' v1.2.3',
    '1.2.3.4',
    '1..2',
    'abc',
    '1.2.3-',
    '1.2.3-01',
    '1.2.3+',
    '18446744073709551616.0.0',
    '~1.2.3',
  ])('%j does not', (text) => {
    expect(parseVersion(text)).toBeNull();
  });

  it('orders numbers, then pre-releases (SemVer precedence), then build metadata', () => {
    const ordered = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.0+0',
      '1.0.0+00',
      '1.0.0+1',
      '1.0.0+a',
      '1.0.1',
      '1.10.0',
    ];
    for (let i = 1; i < ordered.length; i++) {
      expect([ordered[i - 1], compareVersions(v(ordered[i - 1]), v(ordered[i]))]).toEqual([ordered[i - 1], -1]);
      expect(compareVersions(v(ordered[i]), v(ordered[i]))).toBe(0);
    }
  });
});

describe('requirements (tilde, caret, wildcard), as the Rust semver crate matches them', () => {
  const matches = (op: 'tilde' | 'caret' | 'wildcard', req: string, version: string) => {
    const requirement = parseRequirement(op, req);
    if (!requirement) throw new Error(`not a requirement: ${req}`);
    return satisfies(v(version), requirement);
  };

  it.each([
    ['tilde', '1.2.3', '1.2.9', true],
    ['tilde', '1.2.3', '1.3.0', false],
    ['tilde', '1.2', '1.2.0', true],
    ['tilde', '1.2.3-beta.2', '1.2.3-beta.3', true],
    ['tilde', '1.2.3-beta.2', '1.2.4-beta', false],
    ['tilde', '1.2.3', '1.2.4-beta', false],
    ['caret', '1.2.3', '1.9.9', true],
    ['caret', '1.2.3', '2.0.0', false],
    ['caret', '0.2.3', '0.2.9', true],
    ['caret', '0.2.3', '0.3.0', false],
    ['caret', '0.0.3', '0.0.3', true],
    ['caret', '0.0.3', '0.0.4', false],
    ['caret', '1.2.3-rc.1', '1.2.3', true],
    ['wildcard', '1.*', '1.9.0', true],
    ['wildcard', '1.*.*', '1.9.0', true],
    ['wildcard', '1.2.*', '1.3.0', false],
    ['wildcard', '*', '0.0.1', true],
    ['wildcard', '*', '0.0.1-alpha', false],
    ['wildcard', '1.2', '1.5.0', true], // a plain version: caret
    ['wildcard', '0.2', '0.3.0', false],
    ['wildcard', '3.08.*', '3.8.4', true],
  ] as const)('%s %j on %j → %s', (op, req, version, expected) => {
    expect(matches(op, req, version)).toBe(expected);
  });

  it.each([
    ['tilde', '~1.2.3'],
    ['caret', '^1.2.3'],
    ['wildcard', '1.*.3'],
    ['wildcard', 'x.1'],
    ['wildcard', '>=1.2'],
    ['tilde', 'abc'],
  ] as const)('%s %j is refused (the service never matches it)', (op, req) => {
    expect(parseRequirement(op, req)).toBeNull();
  });
});
