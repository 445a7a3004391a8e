import { translateDatabaseError } from './pg-errors';

describe('translateDatabaseError', () => {
  it('answers 503 for a connection failure and a logged 500 for a statement PostgreSQL refused', () => {
    expect(translateDatabaseError({ code: '08006', message: 'connection failure' })?.kind).toBe('unavailable');
    expect(translateDatabaseError({ code: 'ECONNREFUSED' })?.kind).toBe('unavailable');
    // More than 65535 bind parameters: protocol_violation. Our statement, not the database.
    expect(
      translateDatabaseError({ code: '08P01', message: 'bind message has 65537 parameter formats' }),
    ).toBeUndefined();
    expect(translateDatabaseError({ driverError: { code: '08P01' } })).toBeUndefined();
  });
});
