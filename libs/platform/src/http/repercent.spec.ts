import { repercentBrokenPath } from './middleware';

describe('repercentBrokenPath', () => {
  it('leaves decodable paths alone', () => {
    expect(repercentBrokenPath('/api/projects/1/feature_flags/')).toBeUndefined();
    expect(repercentBrokenPath('/a/%E2%82%AC/%00/%2F')).toBeUndefined();
  });

  it.each([
    ['/a/%FF', '/a/%25FF'],
    ['/a/%FF%FE', '/a/%25FF%25FE'],
    ['/a/%', '/a/%25'],
    ['/a/%zz/%41', '/a/%25zz/%41'],
    ['/a/%ED%A0%80', '/a/%25ED%25A0%2580'],
    ['/a/%C3%A9%FF', '/a/%C3%A9%25FF'],
    ['/a/%E2%82', '/a/%25E2%2582'],
    ['/a/%F0%9F%92%A5%C3', '/a/%F0%9F%92%A5%25C3'],
  ])('re-escapes what does not decode: %s', (path, expected) => {
    const fixed = repercentBrokenPath(path);
    expect(fixed).toBe(expected);
    expect(() => decodeURIComponent(fixed!)).not.toThrow();
  });
});
