import { PayloadCodec } from './payload-encryption';

describe('PayloadCodec (Fernet, as PostHog)', () => {
  it('decrypts what it encrypts, under a rotated key too', () => {
    const old = new PayloadCodec(['an-old-key']);
    const token = old.encrypt('{"secret":1}');
    expect(token).toMatch(/^gAAAAA[A-Za-z0-9_-]+=*$/);
    expect(new PayloadCodec(['a-new-key', 'an-old-key']).decrypt(token)).toBe('{"secret":1}');
    expect(new PayloadCodec(['another-key']).decrypt(token)).toBeUndefined();
    expect(old.decrypt('not a token')).toBeUndefined();
  });

  it('decrypts a token made by Python cryptography.Fernet with a PostHog-derived key', () => {
    // Fernet(urlsafe_b64encode(b"\0" * 22 + b"posthog-ok")).encrypt(b'"hello"')
    const token =
      'gAAAAABrFpCVnparswjmIZcvMIF1iZa5XrGtbaohmLChGESDj8pNs0_1iZBXF6ZSg_LHsBxZMe90MsnUCcuG3GkTl0rHHud84w==';
    expect(new PayloadCodec(['posthog-ok']).decrypt(token)).toBe('"hello"');
  });
});
