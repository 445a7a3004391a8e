import { checkPasswordPolicy, generatePassword, hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('verifies the password a hash was made from, and nothing else', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    await expect(verifyPassword('correct horse', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct hors', stored)).resolves.toBe(false);
    expect(await hashPassword('correct horse')).not.toBe(stored);
  });

  it('refuses malformed or absent hashes instead of throwing', async () => {
    for (const stored of [
      null,
      '',
      'scrypt$1$2',
      'sha256$abc',
      'scrypt$x$8$1$AAAA$AAAA',
      'scrypt$1099511627776$8$1$AA$AA',
    ]) {
      await expect(verifyPassword('whatever1', stored)).resolves.toBe(false);
    }
  });

  it('holds passwords to a length policy, naming the field', () => {
    expect(() => checkPasswordPolicy('short')).toThrow(
      expect.objectContaining({ attr: 'password', code: 'password_too_short' }),
    );
    expect(() => checkPasswordPolicy('x'.repeat(257))).toThrow(expect.objectContaining({ code: 'max_length' }));
    expect(() => checkPasswordPolicy(undefined, 'new_password')).toThrow(
      expect.objectContaining({ attr: 'new_password' }),
    );
    expect(checkPasswordPolicy('long enough')).toBe('long enough');
    expect(generatePassword()).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});
