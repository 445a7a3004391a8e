import { commandWords, parseOptions, UsageError } from './args';

describe('CLI arguments', () => {
  it('splits the command words from the options', () => {
    expect(commandWords(['keys', 'create', '--email', 'a@b.c'])).toEqual(['keys', 'create']);
    expect(commandWords(['db', 'migrate'])).toEqual(['db', 'migrate']);
    expect(commandWords(['--email', 'a@b.c'])).toEqual([]);
  });

  it('reads --name value and --name=value', () => {
    expect(parseOptions(['--email', 'a@b.c', '--scopes=a,b'], ['email', 'scopes', 'label']).flags).toEqual(
      new Map([
        ['email', 'a@b.c'],
        ['scopes', 'a,b'],
      ]),
    );
    expect(parseOptions(['--label='], ['label']).flags.get('label')).toBe('');
  });

  it.each([
    [['--colour', 'red'], 'Unknown option --colour'],
    [['--email'], 'Option --email needs a value'],
    [['--email', '--label', 'x'], 'Option --email needs a value'],
    [['--email', 'a', '--email=b'], 'Option --email given twice'],
    [['--email', 'a', 'b'], 'Unexpected argument "b"'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseOptions(argv, ['email', 'label'])).toThrow(new UsageError(message));
  });
});
